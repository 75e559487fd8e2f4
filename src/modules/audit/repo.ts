import { asc, desc, eq, getTableColumns, gte, isNotNull, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { ControlDb, TenantScope } from "../../db/client";
import { auditLog } from "../../db/control-schema";
import { countRows, listOrder } from "../../db/keyset";
import { tenantAuditLog } from "../../db/shard/audit";
import { likelyTenantSql, tenantValue } from "../../db/tenant-tables";
import { jsonArrayChunks } from "../../lib/json-chunks";
import type { AuditEntry } from "./domain/types";

/** One row of either audit table (same columns; tenant_id is required in the shard's). */
export interface AuditRow {
  id: string;
  actorType: "operator" | "api_key" | "system";
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  tenantId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  requestId: string;
  createdAt: string;
}

export interface AuditFilter {
  tenantId?: string;
  action?: string;
  since?: string;
  until?: string;
}

/**
 * Where an entry goes in its log, made by the chain writer (chain/steps/writer.ts) from the head it
 * read: the next place, the chain hash over the previous one, and that previous place and hash.
 */
export interface Place {
  seq: number;
  chainHash: string;
  chainKey: string;
  previousSeq: number;
  previousHash: string;
}

/**
 * The insert, for the caller's db.batch (through the chain writer only). With `onlyIfChanged` it
 * writes only when the statement just before it in the batch changed a row (SQLite changes()),
 * so a change that found nothing to change (a lost race) leaves no entry.
 */
export function insertEntry(db: ControlDb, row: AuditRow, place: Place, onlyIfChanged: boolean) {
  const t = auditLog;
  const previous = sql`(SELECT ${t.chainHash} FROM ${t} WHERE ${t.seq} = ${place.previousSeq})`;
  return db.insert(auditLog).select(entrySelect(t, row, place, previous, onlyIfChanged));
}

/** The same into the tenant's own log, through its scoped client (the tenant filled in). */
export function insertTenantEntry(scope: TenantScope, row: AuditRow, place: Place, onlyIfChanged: boolean) {
  const t = tenantAuditLog;
  const tenantRow = { ...row, tenantId: tenantValue(scope) };
  const previous = sql`(SELECT ${t.chainHash} FROM ${t} WHERE ${t.tenantId} = ${tenantValue(scope)} AND ${t.seq} = ${place.previousSeq})`;
  return scope.db.insert(tenantAuditLog).select(entrySelect(t, tenantRow, place, previous, onlyIfChanged));
}

function entrySelect(
  table: typeof auditLog | typeof tenantAuditLog,
  row: Omit<AuditRow, "tenantId"> & { tenantId: string | null | SQL },
  place: Place,
  previous: SQL,
  onlyIfChanged: boolean,
): SQL {
  // The hash stands only on the head it was made from: had that row's hash changed since (a
  // re-chain), the hash is NULL and the log's insert trigger aborts the batch, as it does when
  // the place was taken meanwhile (migrations shard/0058, control/0018); the writer then retries.
  const hash =
    place.previousSeq === 0
      ? sql`${place.chainHash}`
      : sql`CASE WHEN ${previous} = ${place.previousHash} THEN ${place.chainHash} END`;
  const values: Record<string, unknown> = {
    ...row,
    before: row.before === null ? null : JSON.stringify(row.before),
    after: row.after === null ? null : JSON.stringify(row.after),
    seq: place.seq,
    chainKey: place.chainKey,
  };
  // INSERT ... SELECT lists the table's columns in declaration order: select the values in it.
  const selected = sql.join(
    Object.keys(getTableColumns(table)).map((name) => (name === "chainHash" ? hash : sql`${values[name]}`)),
    sql`, `,
  );
  const condition = onlyIfChanged ? sql`changes() > 0` : sql`1`;
  return sql`SELECT ${selected} WHERE ${condition}`;
}

/** The newest row of the tenant's log, sealed or not: where the next entry chains on. */
export const tenantHead = (scope: TenantScope) =>
  scope.db
    .select({ seq: tenantAuditLog.seq, chainHash: tenantAuditLog.chainHash })
    .from(tenantAuditLog)
    .orderBy(desc(tenantAuditLog.seq))
    .limit(1)
    .get();

/**
 * The order of both merged logs: UUID v7 ids, newest first. The sources are read with the
 * cursor's id (`plan.key`), so the table named here only gives the key its name.
 */
export const tenantAuditOrder = listOrder<typeof tenantAuditLog, AuditEntry>("audit-log", tenantAuditLog, {
  id: "desc",
});
export const operatorAuditOrder = listOrder<typeof tenantAuditLog, AuditEntry>(
  "admin-audit-log",
  tenantAuditLog,
  { id: "desc" },
);

/** The tenant's own entries, through its scoped client: up to `take`, older than `beforeId`. */
export function tenantSource(scope: TenantScope, filter: Omit<AuditFilter, "tenantId">) {
  const t = tenantAuditLog;
  const where = [
    filter.action ? eq(t.action, filter.action) : undefined,
    filter.since ? gte(t.createdAt, filter.since) : undefined,
    filter.until ? lte(t.createdAt, filter.until) : undefined,
  ];
  return {
    read: async (take: number, beforeId?: string) =>
      (await scope.db
        .select()
        .from(t, ...where, beforeId ? lt(t.id, beforeId) : undefined)
        .orderBy(desc(t.id))
        .limit(take)) as AuditRow[],
    count: countRows(scope.db, t, ...where),
  };
}

// ---- the chain (chain/service.ts) -------------------------------------------------------------------

/** A stored row with its place in the log and, once sealed, its chain hash. */
export interface ChainRow extends AuditRow {
  seq: number | null;
  chainHash: string | null;
  chainKey: string | null;
}

/** A seal to write: the row's chain hash, set only while it has none. */
export interface Seal {
  id: string;
  chainHash: string;
  chainKey: string;
}

/** The tenant's rows in log order, from place `fromSeq` on: up to `take`. */
export const tenantChainRows = async (scope: TenantScope, fromSeq: number, take: number) =>
  (await scope.db
    .select()
    .from(tenantAuditLog, gte(tenantAuditLog.seq, fromSeq))
    .orderBy(asc(tenantAuditLog.seq))
    .limit(take)) as ChainRow[];

/** The tenant's last sealed row: where sealing goes on from. */
export const tenantSealedHead = async (scope: TenantScope) =>
  (await scope.db
    .select()
    .from(tenantAuditLog, isNotNull(tenantAuditLog.chainHash))
    .orderBy(desc(tenantAuditLog.seq))
    .limit(1)
    .get()) as ChainRow | undefined;

/** Rows without a place in the log (written before 0045 by an old Worker): none are expected. */
export const tenantUnplacedRow = (scope: TenantScope) =>
  scope.db.select({ id: tenantAuditLog.id }).from(tenantAuditLog, isNull(tenantAuditLog.seq)).limit(1).get();

export async function sealTenantRows(scope: TenantScope, seals: Seal[]) {
  const t = tenantAuditLog;
  const [first, ...rest] = seals.map((s) =>
    scope.db
      .update(t)
      .set({ chainHash: s.chainHash, chainKey: s.chainKey })
      .where(eq(t.id, s.id), isNull(t.chainHash)),
  );
  if (first) await scope.db.batch([first, ...rest]);
}

/** A re-chain's new hashes, written in one batch (one UPDATE per JSON chunk of [id, hash] pairs). */
export async function rechainTenantRows(scope: TenantScope, rows: Seal[]) {
  const t = "tenant_audit_log";
  const queries = jsonArrayChunks(rows.map((r) => [r.id, r.chainHash, r.chainKey])).map(
    (chunk) =>
      sql`UPDATE tenant_audit_log SET chain_hash = json_extract(j.value, '$[1]'), chain_key = json_extract(j.value, '$[2]')
        FROM json_each(${chunk}) AS j
        WHERE tenant_audit_log.id = json_extract(j.value, '$[0]') AND ${likelyTenantSql(scope, t)}`,
  );
  if (queries.length > 0) await scope.db.batchSql(queries);
}
