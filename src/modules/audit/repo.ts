import { asc, desc, eq, getTableColumns, gte, isNotNull, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { ControlDb, TenantScope } from "../../db/client";
import { auditLog } from "../../db/control-schema";
import { countRows, listOrder } from "../../db/keyset";
import { tenantAuditLog } from "../../db/shard/audit";
import { tenantValue } from "../../db/tenant-tables";
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
 * The insert, for the caller's db.batch. With `onlyIfChanged` it writes only when the statement
 * just before it in the batch changed a row (SQLite changes()), so a change that found nothing
 * to change (a lost race) leaves no entry.
 */
export function insertEntry(db: ControlDb, row: AuditRow, onlyIfChanged = false) {
  const seq = sql`(SELECT coalesce(max(${auditLog.seq}), 0) + 1 FROM ${auditLog})`;
  return db.insert(auditLog).select(entrySelect(auditLog, row, seq, onlyIfChanged));
}

/** The same into the tenant's own log, through its scoped client (the tenant filled in). */
export function insertTenantEntry(scope: TenantScope, row: AuditRow, onlyIfChanged = false) {
  const tenantRow = { ...row, tenantId: tenantValue(scope) };
  const t = tenantAuditLog;
  const seq = sql`(SELECT coalesce(max(${t.seq}), 0) + 1 FROM ${t} WHERE ${t.tenantId} = ${tenantRow.tenantId})`;
  return scope.db.insert(t).select(entrySelect(t, tenantRow, seq, onlyIfChanged));
}

function entrySelect(
  table: typeof auditLog | typeof tenantAuditLog,
  row: Omit<AuditRow, "tenantId"> & { tenantId: string | null | SQL },
  seq: SQL,
  onlyIfChanged: boolean,
): SQL {
  // seq: the next place in the log, taken by the statement itself (D1 runs one write at a time,
  // and a batch's statements in order), so no two rows share one; the unique index makes sure.
  // The chain hash comes later, when the row is sealed (chain/service.ts).
  const values: Record<string, unknown> = {
    ...row,
    before: row.before === null ? null : JSON.stringify(row.before),
    after: row.after === null ? null : JSON.stringify(row.after),
    chainHash: null,
    chainKey: null,
  };
  // INSERT ... SELECT lists the table's columns in declaration order: select the values in it.
  const selected = sql.join(
    Object.keys(getTableColumns(table)).map((name) => (name === "seq" ? seq : sql`${values[name]}`)),
    sql`, `,
  );
  const condition = onlyIfChanged ? sql`changes() > 0` : sql`1`;
  return sql`SELECT ${selected} WHERE ${condition}`;
}

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
