import { MAX_JSON_PARAMETER_BYTES } from "./json-chunks";

const encoder = new TextEncoder();

/**
 * Rows (each of the same number of values, at least one) as flat JSON arrays, row after row,
 * each under `maxBytes` UTF-8 bytes and never splitting a row (a row larger than the limit gets
 * an array of its own): the statement reading one groups every n consecutive values back into a row.
 */
export function flatRowChunks(rows: readonly unknown[][], maxBytes = MAX_JSON_PARAMETER_BYTES): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const row of rows) {
    // The row's values without its brackets: "[a,b]" -> "a,b".
    const text = JSON.stringify(row).slice(1, -1);
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
