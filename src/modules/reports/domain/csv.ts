/** RFC 4180: CRLF line ends; a field with a comma, quote, CR or LF is quoted, quotes doubled. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: ReadonlyArray<string | number | boolean | null | undefined>): string =>
  fields.map(csvField).join(",");

export const toCsv = (header: readonly string[], rows: ReadonlyArray<ReadonlyArray<unknown>>): string =>
  [header, ...rows].map((r) => `${csvLine(r as never)}\r\n`).join("");
