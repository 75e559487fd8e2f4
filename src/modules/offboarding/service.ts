import { controlDb } from "../../db/client";
import type { TenantExportRow, TenantTombstoneRow } from "../../db/control-schema";
import { isUniqueViolation } from "../../db/unique-violation";
import type { Env } from "../../env";
import { sendJobs } from "../../jobs/enqueue";
import { jobs } from "../../jobs/messages";
import { sha256Hex } from "../../lib/crypto";
import { conflict, notFound } from "../../lib/errors";
import { getTenant, tenantRemoval } from "../admin/tenants/service";
import { type OperatorContext, operatorAuditInsert } from "../audit/service";
import { exportPrefix, MANIFEST_FILE } from "./domain/archive";
import * as systemRepo from "./system-repo";

/**
 * Offboarding (docs/decisions/offboarding-and-erasure.md): an operator exports a tenant's data
 * to R2, then deletes the tenant. Both requests answer at once (202) and leave the work to a
 * queue job that moves page by page within D1's limits; their rows in CONTROL_DB are the progress.
 */

export const presentExport = (row: TenantExportRow) => ({
  id: row.id,
  tenantId: row.tenantId,
  status: row.status,
  phase: row.phase,
  progress: {
    tablesDone: row.phase === "control" ? 0 : Math.min(row.tableIndex, systemRepo.tables().length),
    tablesTotal: systemRepo.tables().length,
    parts: row.parts,
    rowsExported: row.rowsExported,
    objectsExported: row.objectsExported,
  },
  manifestFile: row.status === "completed" ? MANIFEST_FILE : null,
  requestedBy: row.requestedBy,
  createdAt: row.createdAt,
  completedAt: row.completedAt,
});

export async function requestExport(op: OperatorContext, tenantId: string) {
  const tenant = await getTenant(op.env, tenantId);
  if (await systemRepo.runningExport(op.env, tenantId)) throw conflict("An export of this tenant is running");
  const now = op.clock.now().toISOString();
  const row: TenantExportRow = {
    id: crypto.randomUUID(),
    tenantId,
    shard: tenant.shard,
    status: "running",
    phase: "control",
    step: 0,
    tableIndex: 0,
    cursor: null,
    parts: 0,
    rowsExported: 0,
    objectsExported: 0,
    requestedBy: op.actor.id,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
  const db = controlDb(op.env);
  // Concurrent requests each passed the check above: the insert checks again, and one wins.
  const [inserted] = (await db.batch([
    systemRepo.insertExportUnlessRunning(db, row),
    operatorAuditInsert(
      op,
      {
        action: "tenant.export_requested",
        target: { type: "tenant_export", id: row.id },
        after: { tenantId },
      },
      tenantId,
      { onlyIfChanged: true },
    ),
  ])) as unknown as [unknown[]];
  if (inserted.length === 0) throw conflict("An export of this tenant is running");
  await sendJobs(op.env, [jobs.tenantExport(tenantId, row.id, 0)]);
  return presentExport(row);
}

export async function getExport(env: Env, tenantId: string, exportId: string) {
  const row = await systemRepo.findExport(env, tenantId, exportId);
  if (!row) throw notFound("Export");
  return row;
}

/** One file of a completed export, streamed from R2. */
/** A file of a completed export; each download is audited (who took a copy of the tenant's data). */
export async function exportFile(op: OperatorContext, tenantId: string, exportId: string, name: string) {
  const row = await getExport(op.env, tenantId, exportId);
  if (row.status !== "completed") throw conflict("The export is not complete");
  const object = await op.env.FILES.get(`${exportPrefix(tenantId, exportId)}${name}`);
  if (!object) throw notFound("Export file");
  await operatorAuditInsert(
    op,
    {
      action: "tenant.export_downloaded",
      target: { type: "tenant_export", id: exportId },
      after: { tenantId, file: name, sha256: object.customMetadata?.sha256 ?? null, size: object.size },
    },
    tenantId,
  );
  return object;
}

export const presentDeletion = (row: TenantTombstoneRow) => ({
  tenantId: row.tenantId,
  nameSha256: row.nameSha256,
  status: row.status,
  phase: row.phase,
  removed: row.counts,
  deletedBy: row.deletedBy,
  deletedAt: row.deletedAt,
  completedAt: row.completedAt,
});

/**
 * Deletes a tenant: in one CONTROL_DB batch its keys, connectors, origins and row go, its
 * tombstone is written and the action audited, so every key of it is refused from this request
 * on (other isolates' 5 s key cache aside, as for any revocation). Its data follows on the queue.
 * Idempotent: a repeat, or concurrent duplicates, answer the one deletion as stored.
 */
export async function deleteTenant(op: OperatorContext, tenantId: string) {
  const row = await getTenant(op.env, tenantId).catch(async (error) => {
    // Deleted already (a repeat, or a concurrent duplicate that lost the race): the same answer.
    const tombstone = await systemRepo.findTombstone(op.env, tenantId);
    if (tombstone) return tombstone;
    throw error;
  });
  if (!("id" in row)) return presentDeletion(row);
  if (await systemRepo.runningExport(op.env, tenantId)) throw conflict("An export of this tenant is running");
  const now = op.clock.now().toISOString();
  const tombstone: TenantTombstoneRow = {
    tenantId,
    nameSha256: await sha256Hex(row.name),
    shard: row.shard,
    status: "deleting",
    phase: "objects",
    step: 0,
    tableIndex: 0,
    cursor: null,
    counts: {},
    deletedBy: op.actor.id,
    deletedAt: now,
    completedAt: null,
    updatedAt: now,
  };
  const db = controlDb(op.env);
  const removal = tenantRemoval(op.env, row);
  const batch = db.batch([
    systemRepo.insertTombstone(db, tombstone),
    ...removal.statements,
    operatorAuditInsert(
      op,
      {
        action: "tenant.deleted",
        target: { type: "tenant", id: tenantId },
        before: { shard: row.shard, nameSha256: tombstone.nameSha256 },
      },
      tenantId,
    ),
  ]);
  try {
    await batch;
  } catch (error) {
    // A concurrent DELETE of the same tenant won the tombstone's primary key; the batch is one
    // transaction, so this one wrote nothing. Answer what the winner stored (the same 202).
    const existing = isTombstoneTaken(error) ? await systemRepo.findTombstone(op.env, tenantId) : undefined;
    if (existing) return presentDeletion(existing);
    throw error;
  }
  removal.forget();
  await sendJobs(op.env, [jobs.tenantDelete(tenantId, 0)]);
  return presentDeletion(tombstone);
}

const isTombstoneTaken = (error: unknown): boolean => isUniqueViolation(error, "tenant_tombstones");

export async function getDeletion(env: Env, tenantId: string) {
  const row = await systemRepo.findTombstone(env, tenantId);
  if (!row) throw notFound("Tenant deletion");
  return presentDeletion(row);
}

/** Running exports and deletions that saved nothing since `before` (at most `cap` of each): the operator's figures. */
export async function stalledOffboarding(env: Env, before: string, cap: number) {
  const [exports, deletions] = await Promise.all([
    systemRepo.stalledExports(env, before, cap),
    systemRepo.stalledDeletions(env, before, cap),
  ]);
  return { exports: exports.length, deletions: deletions.length };
}
