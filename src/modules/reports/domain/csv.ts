/**
 * Cells a spreadsheet would run as a formula (OWASP "CSV injection"): a leading `=`, `+`,
 * `-`, `@`, tab or carriage return. Such a cell gets a leading `'`, which spreadsheets show
 * as text. A plain number (-12.50, -1e-7) is left as it is: no spreadsheet evaluates it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

export const neutralizeFormula = (text: string): string =>
  FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;

/**
 * RFC 4180: CRLF line ends; a field with a comma, quote, CR or LF is quoted, quotes doubled.
 * Formula-like cells are neutralised first.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = neutralizeFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: ReadonlyArray<string | number | boolean | null | undefined>): string =>
  fields.map(csvField).join(",");

export const toCsv = (header: readonly string[], rows: ReadonlyArray<ReadonlyArray<unknown>>): string =>
  [header, ...rows].map((r) => `${csvLine(r as never)}\r\n`).join("");
