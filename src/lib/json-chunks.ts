const encoder = new TextEncoder();

/** Room left under D1's 100 KB statement limit for the SQL text and the other parameters. */
export const MAX_JSON_PARAMETER_BYTES = 80_000;

/**
 * Splits items into JSON arrays of at most `maxBytes` UTF-8 bytes each, to pass rows to D1 as
 * one parameter expanded with `json_each` (one statement per chunk, whatever the row count).
 * Each item is serialised once; an item larger than the limit gets a chunk of its own.
 */
export function jsonArrayChunks(items: readonly unknown[], maxBytes = MAX_JSON_PARAMETER_BYTES): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const item of items) {
    const text = JSON.stringify(item);
    const bytes = encoder.encode(text).length + 1;
    if (current.length > 0 && size + bytes > maxBytes) {
      chunks.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += bytes;
  }
  if (current.length > 0) chunks.push(`[${current.join(",")}]`);
  return chunks;
}
