import { headerProblems, parseCsvChunk } from "../../domain/csv";
import { exportFileSpec, importPrefix, loadOrder } from "../../domain/files";
import { csvRows, type Format, MAX_RECORDS, parseNdjsonLines, type RawRecord } from "../../domain/parse";
import { csvColumns, type Resource } from "../../domain/records";
import * as repo from "../repo";
import type { Step } from "../runner";

/** Bytes read from R2 per window: a window holds many records; a record never spans two reads. */
export const WINDOW_BYTES = 4 * 1024 * 1024;

interface FileCursor {
  phase?: "load";
  key?: string;
  offset?: number;
  header?: string[];
  recordNo?: number;
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;
const BOM = [0xef, 0xbb, 0xbf];

/** Registers new or replaced files of the tenant's prefix as this run's work. */
async function discover(step: Step): Promise<void> {
  const { ctx, run } = step;
  const prefix = importPrefix(ctx.tenantId);
  const ledger = new Map((await repo.fileLedger(ctx)).map((f) => [f.key, f]));
  const claims: Parameters<typeof repo.claimFiles>[1] = [];
  let cursor: string | undefined;
  do {
    const page = await ctx.env.FILES.list({ prefix, cursor });
    step.requests++;
    for (const object of page.objects) {
      const known = ledger.get(object.key);
      // Loaded (or refused) once already; a file left pending by a dead run is taken over.
      if (known && known.etag === object.etag && known.status !== "pending") continue;
      const name = object.key.slice(prefix.length);
      const spec = exportFileSpec(name);
      if (!spec)
        step.error(`${name}: not an export file name (<resource>[-<anything>].ndjson|jsonl|csv); skipped`);
      claims.push({
        tenantId: ctx.tenantId,
        objectKey: object.key,
        etag: object.etag,
        resource: spec?.resource ?? null,
        format: spec?.format ?? null,
        size: object.size,
        status: spec ? "pending" : "skipped",
        runId: run.id,
        recordsWritten: 0,
        errorCount: 0,
      });
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  await repo.claimFiles(ctx, claims);
  run.cursor = { phase: "load" } satisfies FileCursor;
  await step.checkpoint();
}

/** Complete records of a window, with the bytes they span. */
function recordsOf(format: Format, text: string, eof: boolean, cursor: FileCursor, max: number) {
  if (format === "ndjson") {
    const lines: string[] = [];
    let chars = 0;
    while (lines.length < max) {
      const nl = text.indexOf("\n", chars);
      if (nl === -1) {
        if (eof && chars < text.length) {
          lines.push(text.slice(chars));
          chars = text.length;
        }
        break;
      }
      lines.push(text.slice(chars, nl));
      chars = nl + 1;
    }
    const records = parseNdjsonLines(lines);
    const more = text.slice(chars).trim() !== "";
    return { records, bytes: byteLength(text.slice(0, chars)), header: cursor.header, more };
  }
  const parsed = parseCsvChunk(text, eof);
  let rows = parsed.rows;
  let ends = parsed.ends;
  let header = cursor.header;
  if (!header && rows.length > 0) {
    header = rows[0].map((c) => c.trim());
    rows = rows.slice(1);
    ends = ends.slice(1);
    if (rows.length === 0) {
      const bytes = byteLength(text.slice(0, parsed.ends[0]));
      return { records: [] as RawRecord[], bytes, header, more: !eof };
    }
  }
  const take = Math.min(rows.length, max);
  const end = take > 0 ? ends[take - 1] : 0;
  const records = rows.slice(0, take).map((cells) => csvRows(header!, cells));
  return { records, bytes: byteLength(text.slice(0, end)), header, more: take < rows.length || !eof };
}

/** Loads pending files in order, window by window, until done or the budget is spent. */
export async function exportStep(step: Step): Promise<boolean> {
  const { ctx, run } = step;
  if ((run.cursor as FileCursor).phase !== "load") await discover(step);
  const files = (await repo.pendingFiles(ctx, run.id))
    .map((f) => ({ ...f, key: f.objectKey, resource: f.resource as Resource }))
    .sort(loadOrder);
  for (const file of files) {
    const name = file.key.slice(importPrefix(ctx.tenantId).length);
    let cursor = run.cursor as FileCursor;
    if (cursor.key !== file.key) cursor = { phase: "load", key: file.key, offset: 0, recordNo: 0 };
    while ((cursor.offset ?? 0) < file.size) {
      if (step.spent) {
        run.cursor = cursor as Record<string, unknown>;
        await step.checkpoint();
        return false;
      }
      const offset = cursor.offset ?? 0;
      const object = await ctx.env.FILES.get(file.key, { range: { offset, length: WINDOW_BYTES } });
      step.requests++;
      if (!object) {
        step.error(`${name}: file disappeared before it was loaded`);
        break;
      }
      let bytes = new Uint8Array(await object.arrayBuffer());
      let skipped = 0;
      if (offset === 0 && BOM.every((b, i) => bytes[i] === b)) {
        bytes = bytes.subarray(3);
        skipped = 3;
      }
      const eof = offset + skipped + bytes.length >= file.size;
      const text = new TextDecoder().decode(bytes, { stream: !eof });
      const budget = Math.max(MAX_RECORDS, step.deps.stepRecords - step.records);
      const {
        records,
        bytes: used,
        header,
        more,
      } = recordsOf(file.format as Format, text, eof, cursor, budget);
      const problems = !cursor.header && header ? headerProblems(header, csvColumns(file.resource)) : [];
      if (problems.length > 0) {
        const list = problems.map((p) => `${p.path}: ${p.message}`).join("; ");
        step.error(`${name}: ${list}; the file was skipped`);
        break;
      }
      if (used === 0 && records.length === 0 && more && !eof) {
        step.error(`${name}: a record longer than ${WINDOW_BYTES} bytes; the rest of the file was skipped`);
        break;
      }
      const first = cursor.recordNo ?? 0;
      for (let i = 0; i < records.length; i += MAX_RECORDS) {
        const base = first + i;
        await step.ingest(
          file.resource,
          records.slice(i, i + MAX_RECORDS),
          (index) => `${name} record ${base + index + 1}`,
        );
      }
      file.recordsWritten += records.length;
      cursor = {
        phase: "load",
        key: file.key,
        offset: offset + skipped + used,
        header,
        recordNo: first + records.length,
      };
      if (eof && !more) cursor.offset = file.size;
      run.cursor = cursor as Record<string, unknown>;
      await step.checkpoint();
    }
    await repo.markFileLoaded(ctx, file.key, {
      recordsWritten: cursor.recordNo ?? 0,
      errorCount: 0,
      loadedAt: ctx.clock.now().toISOString(),
    });
    run.filesLoaded.push(name);
    run.cursor = { phase: "load" };
    await step.checkpoint();
  }
  return true;
}
