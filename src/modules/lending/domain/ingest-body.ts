import type { z } from "zod";
import { AppError } from "../../../lib/errors";
import {
  type Format,
  forbiddenKeyRecordError,
  MAX_RECORDS,
  parseRecords,
  type RawRecord,
} from "../../ingest/domain/parse";
import { describeIssues, identityKey } from "../../ingest/domain/records";

/**
 * The lending ingests read bodies like /v1/ingest/{resource}: its parser, limit and per-record
 * messages (pure; the service turns a BodyFormatError into a 400).
 */

export interface RecordError {
  index: number;
  message: string;
}

export interface Valid<T> {
  index: number;
  record: T;
}

/** Splits a body into records (throws BodyFormatError for a bad body, AppError 413 over the limit). */
export function parseBody(format: Format, body: string, columns: ReadonlySet<string>): RawRecord[] {
  const records = parseRecords(format, body, columns);
  if (records.length > MAX_RECORDS) {
    throw new AppError(
      "payload_too_large",
      `At most ${MAX_RECORDS} records per request; this body has ${records.length}. Split it into several requests.`,
    );
  }
  return records;
}

/** Each record on its own: readable, no forbidden key, valid, not a second copy of an identity. */
export function validateRecords<S extends z.ZodType<{ externalSource: string; externalId: string }>>(
  raws: RawRecord[],
  schema: S,
  errors: RecordError[],
): Valid<z.infer<S>>[] {
  const seen = new Map<string, number>();
  const valid: Valid<z.infer<S>>[] = [];
  for (const [index, raw] of raws.entries()) {
    if ("error" in raw) {
      errors.push({ index, message: raw.error });
      continue;
    }
    if (typeof raw.value !== "object" || raw.value === null || Array.isArray(raw.value)) {
      errors.push({ index, message: "record must be an object" });
      continue;
    }
    const forbidden = forbiddenKeyRecordError(raw.value);
    const parsed = forbidden === null ? schema.safeParse(raw.value) : undefined;
    if (!parsed?.success) {
      errors.push({ index, message: forbidden ?? describeIssues(parsed!.error!) });
      continue;
    }
    const key = identityKey(parsed.data.externalSource, parsed.data.externalId);
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ index, message: `duplicate of record ${first} (same externalSource and externalId)` });
      continue;
    }
    seen.set(key, index);
    valid.push({ index, record: parsed.data });
  }
  return valid;
}
