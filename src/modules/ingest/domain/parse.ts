import type { ErrorDetail } from "../../../lib/errors";
import { forbiddenKeyPath } from "../../../lib/json-guard";
import { csvRecord, headerProblems, normalizeHeader, parseCsvChunk, stripBom } from "./csv";
import { csvColumns, type Resource } from "./records";

export type Format = "json" | "ndjson" | "csv";

/** One input record: its value, or why it could not even be read (a bad NDJSON line). */
export type RawRecord = { value: unknown } | { error: string };

export const MAX_RECORDS = 1000;

export class BodyFormatError extends Error {
  constructor(
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
}

const forbidden = (path: string): BodyFormatError =>
  new BodyFormatError("Invalid request", [
    { path, message: `the key "${path.slice(path.lastIndexOf(".") + 1)}" is not allowed anywhere in input` },
  ]);

/** A per-record error for a forbidden key (export files, where there is no request to refuse). */
export function forbiddenKeyRecordError(value: unknown): string | null {
  const path = forbiddenKeyPath(value);
  return path === null ? null : `${path}: the key "${path.slice(path.lastIndexOf(".") + 1)}" is not allowed`;
}

export function formatOf(contentType: string | undefined): Format | undefined {
  const essence = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (essence === "application/json") return "json";
  if (
    ["application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines"].includes(
      essence,
    )
  ) {
    return "ndjson";
  }
  if (essence === "text/csv") return "csv";
  return undefined;
}

/**
 * Splits a body into records. Whole-body problems throw BodyFormatError: malformed JSON or
 * CSV, a key that could reach a prototype anywhere in it (path `<record index>.<key path>`),
 * CSV columns that are not fields of the resource.
 */
export function parseRecords(
  format: Format,
  body: string,
  resource: Resource | ReadonlySet<string>,
): RawRecord[] {
  const text = stripBom(body);
  if (format === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BodyFormatError("Malformed JSON in request body");
    }
    if (!Array.isArray(parsed)) throw new BodyFormatError("A JSON body must be an array of records");
    const path = forbiddenKeyPath(parsed);
    if (path !== null) throw forbidden(path);
    return parsed.map((value) => ({ value }));
  }
  if (format === "ndjson") {
    const records = parseNdjsonLines(text.split(/\r?\n/));
    for (const [index, record] of records.entries()) {
      const path = "value" in record ? forbiddenKeyPath(record.value, String(index)) : null;
      if (path !== null) throw forbidden(path);
    }
    return records;
  }
  return parseCsv(text, resource);
}

export function parseNdjsonLines(lines: string[]): RawRecord[] {
  const out: RawRecord[] = [];
  for (const line of lines) {
    if (line.trim() === "") continue;
    try {
      out.push({ value: JSON.parse(line) });
    } catch {
      out.push({ error: "line is not valid JSON" });
    }
  }
  return out;
}

/** `resource`: a data resource, or the CSV columns another module's records accept (loans). */
function parseCsv(text: string, resource: Resource | ReadonlySet<string>): RawRecord[] {
  let rows: string[][];
  try {
    rows = parseCsvChunk(text, true).rows;
  } catch (err) {
    throw new BodyFormatError(`Malformed CSV: ${(err as Error).message}`);
  }
  if (rows.length === 0) return [];
  const header = normalizeHeader(rows[0]);
  const problems = headerProblems(header, typeof resource === "string" ? csvColumns(resource) : resource);
  if (problems.length > 0)
    throw new BodyFormatError("The CSV header names columns this resource does not have", problems);
  return rows.slice(1).map((cells) => csvRows(header, cells));
}

export function csvRows(header: string[], cells: string[]): RawRecord {
  if (cells.length > header.length) {
    return { error: `row has ${cells.length} fields but the header has ${header.length}` };
  }
  return { value: csvRecord(header, cells) };
}
