import { csvRecord, normalizeHeader, parseCsvChunk, stripBom } from "./csv";

export type Format = "json" | "ndjson" | "csv";

/** One input record: its value, or why it could not even be read (a bad NDJSON line). */
export type RawRecord = { value: unknown } | { error: string };

export const MAX_RECORDS = 1000;

export class BodyFormatError extends Error {}

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

/** Splits a body into records. Whole-body problems throw BodyFormatError. */
export function parseRecords(format: Format, body: string): RawRecord[] {
  const text = stripBom(body);
  if (format === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BodyFormatError("Malformed JSON in request body");
    }
    if (!Array.isArray(parsed)) throw new BodyFormatError("A JSON body must be an array of records");
    return parsed.map((value) => ({ value }));
  }
  if (format === "ndjson") return parseNdjsonLines(text.split(/\r?\n/));
  return parseCsv(text);
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

function parseCsv(text: string): RawRecord[] {
  let rows: string[][];
  try {
    rows = parseCsvChunk(text, true).rows;
  } catch (err) {
    throw new BodyFormatError(`Malformed CSV: ${(err as Error).message}`);
  }
  if (rows.length === 0) return [];
  const header = normalizeHeader(rows[0]);
  return rows.slice(1).map((cells) => csvRows(header, cells));
}

export function csvRows(header: string[], cells: string[]): RawRecord {
  if (cells.length > header.length) {
    return { error: `row has ${cells.length} fields but the header has ${header.length}` };
  }
  return { value: csvRecord(header, cells) };
}
