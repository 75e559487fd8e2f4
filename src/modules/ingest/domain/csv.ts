import type { ErrorDetail } from "../../../lib/errors";
import { isForbiddenKey } from "../../../lib/json-guard";

/**
 * RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; rows end in
 * LF or CRLF. Incremental: with `final: false` only rows that are complete (their line end
 * seen outside quotes) are returned, with the character offset where the next row starts,
 * so a large export file can be read window by window from a saved offset.
 */
export interface CsvChunk {
  rows: string[][];
  /** Characters of the input consumed by `rows`. */
  consumed: number;
  /** For each row, the character offset just after it. */
  ends: number[];
}

export function parseCsvChunk(input: string, final: boolean): CsvChunk {
  const rows: string[][] = [];
  const ends: number[] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStarted = false;
  let consumed = 0;
  let i = 0;
  const endRow = (next: number) => {
    row.push(field);
    // A blank line is not a record.
    if (!(row.length === 1 && row[0] === "" && !fieldStarted)) {
      rows.push(row);
      ends.push(next);
    }
    row = [];
    field = "";
    fieldStarted = false;
    consumed = next;
  };
  while (i < input.length) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        if (i + 1 === input.length && !final) break; // might be the first half of ""
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === "") {
      quoted = true;
      fieldStarted = true;
      i++;
    } else if (ch === ",") {
      row.push(field);
      field = "";
      fieldStarted = true;
      i++;
    } else if (ch === "\n") {
      endRow(i + 1);
      i++;
    } else if (ch === "\r") {
      if (input[i + 1] === "\n") {
        endRow(i + 2);
        i += 2;
      } else if (i + 1 === input.length && !final) {
        break;
      } else {
        endRow(i + 1);
        i++;
      }
    } else {
      field += ch;
      fieldStarted = true;
      i++;
    }
  }
  if (final && !quoted && (field !== "" || row.length > 0 || fieldStarted)) endRow(input.length);
  if (final && quoted) throw new SyntaxError("unterminated quoted field at end of input");
  return { rows, consumed, ends };
}

export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

const LIST_FIELDS = new Set(["tags", "servesRegions"]);

/**
 * Header cells that are not columns of the resource (`allowed`, from its record schema) or
 * that hold a key which could reach a prototype. Empty cells (a trailing comma) are allowed.
 */
export function headerProblems(header: string[], allowed: ReadonlySet<string>): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const name of header) {
    if (name === "") continue;
    const bad = name.split(".").find(isForbiddenKey);
    if (bad !== undefined) {
      problems.push({ path: `header.${name}`, message: `the key "${bad}" is not allowed anywhere in input` });
    } else if (!allowed.has(name)) {
      problems.push({ path: `header.${name}`, message: `"${name}" is not a field of this resource` });
    }
  }
  return problems;
}

/**
 * A CSV row as a record: empty cells are absent, `a.b` headers nest (businessInfo.legalName),
 * list fields are `;`-separated (or a JSON array). Values stay strings; the record schema
 * decides what they must be. Objects have no prototype and forbidden keys are dropped, so
 * no header can write through `__proto__` even if a caller skipped `headerProblems`.
 */
export function csvRecord(header: string[], cells: string[]): Record<string, unknown> {
  const record: Record<string, unknown> = Object.create(null);
  header.forEach((name, i) => {
    const raw = cells[i];
    if (raw === undefined || raw.trim() === "" || !name) return;
    const value: unknown = LIST_FIELDS.has(name) ? parseList(raw) : raw;
    const dot = name.indexOf(".");
    const parent = dot > 0 ? name.slice(0, dot) : name;
    const child = dot > 0 ? name.slice(dot + 1) : undefined;
    if (isForbiddenKey(parent) || (child !== undefined && isForbiddenKey(child))) return;
    if (child === undefined) {
      record[parent] = value;
      return;
    }
    const existing = record[parent];
    const nested: Record<string, unknown> =
      typeof existing === "object" && existing !== null
        ? (existing as Record<string, unknown>)
        : Object.create(null);
    nested[child] = value;
    record[parent] = nested;
  });
  return record;
}

function parseList(raw: string): unknown {
  const text = raw.trim();
  if (text.startsWith("[")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
}

export const normalizeHeader = (cells: string[]): string[] => cells.map((c) => c.trim());
