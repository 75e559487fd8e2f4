const encoder = new TextEncoder();

/** Room left under D1's 100 KB statement limit for the SQL text and the other parameters. */
export const MAX_JSON_PARAMETER_BYTES = 80_000;

/**
 * Packs serialised pieces into JSON arrays `[a,b,...]` of at most `maxBytes` UTF-8 bytes each; a
 * piece larger than the limit gets an array of its own. Each item is serialised once.
 */
function packed<T>(items: readonly T[], text: (item: T) => string, maxBytes: number): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const item of items) {
    const piece = text(item);
    const bytes = encoder.encode(piece).length + 1;
    if (current.length > 0 && size + bytes > maxBytes) {
      chunks.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(piece);
    size += bytes;
  }
  if (current.length > 0) chunks.push(`[${current.join(",")}]`);
  return chunks;
}

/**
 * Splits items into JSON arrays of at most `maxBytes` UTF-8 bytes each, to pass rows to D1 as
 * one parameter expanded with `json_each` (one statement per chunk, whatever the row count).
 * Each item is serialised once; an item larger than the limit gets a chunk of its own.
 */
export const jsonArrayChunks = (items: readonly unknown[], maxBytes = MAX_JSON_PARAMETER_BYTES): string[] =>
  packed(items, (item) => JSON.stringify(item), maxBytes);

/**
 * Rows (each of the same number of values, at least one) as flat JSON arrays, row after row,
 * each under `maxBytes` UTF-8 bytes and never splitting a row (a row larger than the limit gets
 * an array of its own): the statement reading one groups every n consecutive values back into
 * a row, so SQLite parses each value once instead of a json_extract per column.
 */
export const flatRowChunks = (rows: readonly unknown[][], maxBytes = MAX_JSON_PARAMETER_BYTES): string[] =>
  // The row's values without its brackets: "[a,b]" -> "a,b".
  packed(rows, (row) => JSON.stringify(row).slice(1, -1), maxBytes);
