import type { TenantExportRow, TenantTombstoneRow } from "../../db/control-schema";
import type { Env } from "../../env";
import { sendJobs } from "../../jobs/enqueue";
import { jobRowsRemovalStatements } from "../../jobs/forget";
import { jobs, type TenantDeleteMessage, type TenantExportMessage } from "../../jobs/messages";
import { RESUMES_PER_SWEEP, resumeStalled, stalledBefore } from "../../jobs/resumes";
import { toHex } from "../../lib/crypto";
import { tenantControlRows } from "../admin/tenants/service";
import { wipeCaseObject } from "../fraud/service";
import { putTenantObject } from "../usage/objects/service";
import { usageRemovalStatements } from "../usage/service";
import {
  buildManifest,
  CONTROL_FILE,
  exportPrefix,
  isExportObject,
  type ListedPart,
  MANIFEST_FILE,
  objectPartName,
  type PartMeta,
  tablePartName,
  tenantPrefix,
  toNdjson,
} from "./domain/archive";
import * as systemRepo from "./system-repo";

/**
 * The turns of an export and of a deletion. Each turn does a bounded amount of work (well
 * under 1,000 D1 queries), records where it stopped with the next step number (a redelivered
 * message whose step is stale does nothing), then queues the next turn: ids only.
 */
const EXPORT_PAGE_ROWS = 500;
const EXPORT_PAGES_PER_TURN = 20;
const OBJECTS_PER_TURN = 25;
const PURGE_ROWS = 500;
const PURGES_PER_TURN = 40;
const WIPES_PER_TURN = 50;

const sha256 = async (bytes: ArrayBuffer | Uint8Array) => toHex(await crypto.subtle.digest("SHA-256", bytes));

async function putPart(
  env: Env,
  row: TenantExportRow,
  name: string,
  body: string | ArrayBuffer,
  meta: PartMeta,
) {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const sha = await sha256(bytes);
  await putTenantObject(env, row.tenantId, `${exportPrefix(row.tenantId, row.id)}${name}`, bytes, {
    customMetadata: { ...meta, sha256: sha } as unknown as Record<string, string>,
  });
}

async function exportTurn(env: Env, row: TenantExportRow, now: string): Promise<Partial<TenantExportRow>> {
  if (row.phase === "control") {
    const control = await tenantControlRows(env, row.tenantId);
    const { row: _raw, ...shown } = control;
    await putPart(env, row, CONTROL_FILE, JSON.stringify(shown), { kind: "control", sha256: "" });
    return { phase: "tables", tableIndex: 0, cursor: null };
  }
  if (row.phase === "tables") {
    const tables = systemRepo.tables();
    let { tableIndex, parts, rowsExported } = row;
    let cursor = row.cursor;
    for (let page = 0; page < EXPORT_PAGES_PER_TURN && tableIndex < tables.length; page++) {
      const table = tables[tableIndex];
      const { keys, rows } = await systemRepo.shardPage(
        env,
        row.shard,
        table,
        row.tenantId,
        cursor,
        EXPORT_PAGE_ROWS,
      );
      if (rows.length > 0) {
        const meta = { kind: "table" as const, table: table.name, rows: String(rows.length), sha256: "" };
        await putPart(env, row, tablePartName(table.name, parts), toNdjson(rows), meta);
        parts++;
        rowsExported += rows.length;
      }
      if (rows.length < EXPORT_PAGE_ROWS) {
        tableIndex++;
        cursor = null;
      } else cursor = keys[keys.length - 1];
    }
    const done = tableIndex >= tables.length;
    return {
      phase: done ? "objects" : "tables",
      tableIndex,
      cursor: done ? null : cursor,
      parts,
      rowsExported,
    };
  }
  if (row.phase === "objects") {
    const listed = await env.FILES.list({
      prefix: tenantPrefix(row.tenantId),
      limit: OBJECTS_PER_TURN,
      ...(row.cursor ? { cursor: row.cursor } : {}),
    });
    let n = row.objectsExported;
    for (const object of listed.objects) {
      if (isExportObject(row.tenantId, object.key)) continue;
      const body = await env.FILES.get(object.key);
      if (!body) continue; // deleted since the listing
      await putPart(env, row, objectPartName(n++), await body.arrayBuffer(), {
        kind: "object",
        source: object.key,
        sha256: "",
      });
    }
    return listed.truncated
      ? { objectsExported: n, cursor: listed.cursor }
      : { objectsExported: n, cursor: null, phase: "manifest" };
  }
  // manifest: every part listed with its metadata, then the manifest itself; complete.
  const prefix = exportPrefix(row.tenantId, row.id);
  const parts: ListedPart[] = [];
  let cursor: string | undefined;
  do {
    // `include` is in the R2 API, not in this workers-types version's R2ListOptions.
    const listed = await env.FILES.list({ prefix, cursor, include: ["customMetadata"] } as R2ListOptions);
    for (const o of listed.objects) {
      const name = o.key.slice(prefix.length);
      if (name !== MANIFEST_FILE)
        parts.push({ name, size: o.size, meta: o.customMetadata as unknown as PartMeta });
    }
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  const ids = { tenantId: row.tenantId, exportId: row.id, createdAt: row.createdAt, completedAt: now };
  const manifest = buildManifest(
    ids,
    parts,
    systemRepo.tables().map((t) => t.name),
  );
  await putTenantObject(env, row.tenantId, `${prefix}${MANIFEST_FILE}`, JSON.stringify(manifest, null, 2), {
    httpMetadata: { contentType: "application/json" },
  });
  return { phase: "done", status: "completed", completedAt: now, cursor: null };
}

export async function tenantExportJob(env: Env, message: TenantExportMessage): Promise<void> {
  const row = await systemRepo.findExport(env, message.tenantId, message.exportId);
  if (row?.status !== "running" || row.step !== message.step) return;
  const now = new Date().toISOString();
  const next = await exportTurn(env, row, now);
  const advanced = await systemRepo.advanceExport(env, row, { ...next, updatedAt: now });
  if (advanced && next.status !== "completed")
    await sendJobs(env, [jobs.tenantExport(row.tenantId, row.id, row.step + 1)]);
}

// ---- deletion ----------------------------------------------------------------------------

const add = (counts: Record<string, number>, name: string, n: number) => {
  if (n > 0) counts[name] = (counts[name] ?? 0) + n;
};

async function deleteTurn(env: Env, row: TenantTombstoneRow): Promise<Partial<TenantTombstoneRow>> {
  const counts = { ...row.counts };
  if (row.phase === "objects") {
    for (let round = 0; round < 5; round++) {
      const listed = await env.FILES.list({ prefix: tenantPrefix(row.tenantId), limit: 1000 });
      if (listed.objects.length === 0) return { counts, phase: "durable_objects", cursor: null };
      await env.FILES.delete(listed.objects.map((o) => o.key));
      add(counts, "r2Objects", listed.objects.length);
    }
    return { counts };
  }
  if (row.phase === "durable_objects") {
    // Before the tables: the case ids say which objects exist.
    const ids = await systemRepo.fraudCaseIds(env, row.shard, row.tenantId, row.cursor ?? "", WIPES_PER_TURN);
    for (const id of ids) await wipeCaseObject(env, id);
    add(counts, "durableObjects", ids.length);
    return ids.length < WIPES_PER_TURN
      ? { counts, phase: "tables", tableIndex: 0, cursor: null }
      : { counts, cursor: ids[ids.length - 1] };
  }
  const tables = systemRepo.tables();
  if (row.phase === "tables") {
    let { tableIndex } = row;
    for (let n = 0; n < PURGES_PER_TURN && tableIndex < tables.length; n++) {
      const removed = await systemRepo.shardPurge(
        env,
        row.shard,
        tables[tableIndex],
        row.tenantId,
        PURGE_ROWS,
      );
      add(counts, tables[tableIndex].name, removed);
      if (removed < PURGE_ROWS) tableIndex++;
    }
    return { counts, tableIndex, phase: tableIndex >= tables.length ? "verify" : "tables" };
  }
  // verify: a job of the tenant still in flight may have written after its table was emptied.
  for (const t of tables)
    if ((await systemRepo.shardCount(env, row.shard, t, row.tenantId)) > 0)
      return { phase: "tables", tableIndex: 0 };
  const left = await env.FILES.list({ prefix: tenantPrefix(row.tenantId), limit: 1 });
  if (left.objects.length > 0) return { phase: "objects" };
  return { counts, phase: "done", status: "deleted", completedAt: new Date().toISOString() };
}

export async function tenantDeleteJob(env: Env, message: TenantDeleteMessage): Promise<void> {
  const row = await systemRepo.findTombstone(env, message.tenantId);
  if (row?.status !== "deleting" || row.step !== message.step) return;
  const next = await deleteTurn(env, row);
  const done = next.status === "deleted";
  // Its objects went in the first phase, uncounted: its storage figures go with the completion,
  // and so do its job slots, dedupe keys and resume records.
  const alongside = done
    ? [
        systemRepo.exportRemovalStatement(env, row.tenantId),
        ...usageRemovalStatements(env, row.tenantId),
        ...jobRowsRemovalStatements(env, row.tenantId),
      ]
    : [];
  const patch = { ...next, updatedAt: new Date().toISOString() };
  const advanced = await systemRepo.advanceTombstone(env, row, patch, alongside);
  if (advanced && !done) await sendJobs(env, [jobs.tenantDelete(row.tenantId, row.step + 1)]);
}

// ---- stalled turns -----------------------------------------------------------------------

/**
 * Minute cron: exports and deletions whose next turn's message was lost or dead-lettered
 * (nothing saved for STALLED_AFTER_SECONDS) get that turn's message again; a turn whose step
 * has moved on does nothing (src/jobs/resumes.ts).
 */
export async function resumeStalledOffboarding(env: Env, at: Date): Promise<number> {
  const before = stalledBefore(at);
  const [exports, deletions] = await Promise.all([
    systemRepo.stalledExports(env, before, RESUMES_PER_SWEEP),
    systemRepo.stalledDeletions(env, before, RESUMES_PER_SWEEP),
  ]);
  const resumedExports = await resumeStalled(
    env,
    "tenant.export",
    exports.map((e) => ({
      jobId: e.id,
      tenantId: e.tenantId,
      step: `${e.phase}:${e.step}`,
      message: jobs.tenantExport(e.tenantId, e.id, e.step),
    })),
    at,
  );
  const resumedDeletions = await resumeStalled(
    env,
    "tenant.delete",
    deletions.map((d) => ({
      jobId: d.tenantId,
      tenantId: d.tenantId,
      step: `${d.phase}:${d.step}`,
      message: jobs.tenantDelete(d.tenantId, d.step),
    })),
    at,
  );
  return resumedExports.length + resumedDeletions.length;
}
