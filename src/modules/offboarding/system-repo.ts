import { and, asc, desc, eq, getTableColumns, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type ControlDb, controlDb } from "../../db/client";
import {
  type TenantExportRow,
  type TenantTombstoneRow,
  tenantExports,
  tenantTombstones,
} from "../../db/control-schema";
import { purgePage } from "../../db/maintenance";
import { systemShardBinding } from "../../db/system-db";
import { countRows, readPage } from "../../db/tenant-rows";
import { type TenantTableInfo, tenantTables } from "../../db/tenant-table-list";
import type { Env } from "../../env";

/**
 * Offboarding's cross-tenant maintenance: its progress rows in CONTROL_DB, and the generic
 * page / purge / count statements over every tenant table of a shard (src/db/tenant-rows.ts,
 * src/db/maintenance.ts).
 * A deleted tenant has no API key and no tenant row, so nothing here can take a TenantScope.
 */

export const tables = (): TenantTableInfo[] => tenantTables();

// ---- exports ---------------------------------------------------------------------------

/**
 * The export's row unless one of the tenant is running (checked in the insert, so of concurrent
 * requests one inserts); returns the id when it did. An entry after it with `onlyIfChanged` is
 * written only with the row.
 */
export function insertExportUnlessRunning(db: ControlDb, row: TenantExportRow) {
  const t = tenantExports;
  // INSERT ... SELECT lists the table's columns in declaration order.
  const values = sql.join(
    Object.entries(getTableColumns(t)).map(([name, column]) => {
      const value = (row as unknown as Record<string, unknown>)[name];
      return value === undefined || value === null ? sql`NULL` : sql`${column.mapToDriverValue(value)}`;
    }),
    sql`, `,
  );
  const running = sql`SELECT 1 FROM ${t} WHERE ${t.tenantId} = ${row.tenantId} AND ${t.status} = 'running'`;
  return db.insert(t).select(sql`SELECT ${values} WHERE NOT EXISTS (${running})`).returning({ id: t.id });
}

export const findExport = (env: Env, tenantId: string, exportId: string) =>
  controlDb(env)
    .select()
    .from(tenantExports)
    .where(and(eq(tenantExports.id, exportId), eq(tenantExports.tenantId, tenantId)))
    .get();

export const runningExport = (env: Env, tenantId: string) =>
  controlDb(env)
    .select()
    .from(tenantExports)
    .where(and(eq(tenantExports.tenantId, tenantId), eq(tenantExports.status, "running")))
    .orderBy(desc(tenantExports.createdAt))
    .get();

/** Running exports (any tenant) that saved no turn since `before`: the minute cron's sweep. */
export const stalledExports = (env: Env, before: string, limit: number) =>
  controlDb(env)
    .select()
    .from(tenantExports)
    .where(and(eq(tenantExports.status, "running"), lt(tenantExports.updatedAt, before)))
    .orderBy(asc(tenantExports.updatedAt))
    .limit(limit);

/** Moves the export on from `step`; false when another turn already did (a redelivery). */
export async function advanceExport(env: Env, row: TenantExportRow, patch: Partial<TenantExportRow>) {
  const result = await controlDb(env)
    .update(tenantExports)
    .set({ ...patch, step: row.step + 1 })
    .where(and(eq(tenantExports.id, row.id), eq(tenantExports.step, row.step)));
  return (result.meta.changes ?? 0) > 0;
}

/** A deleted tenant's export rows go with its tombstone's completion (the archives went with its objects). */
export const exportRemovalStatement = (env: Env, tenantId: string): BatchItem<"sqlite"> =>
  controlDb(env).delete(tenantExports).where(eq(tenantExports.tenantId, tenantId));

// ---- tombstones ------------------------------------------------------------------------

export const insertTombstone = (db: ControlDb, row: TenantTombstoneRow) =>
  db.insert(tenantTombstones).values(row);

export const findTombstone = (env: Env, tenantId: string) =>
  controlDb(env).select().from(tenantTombstones).where(eq(tenantTombstones.tenantId, tenantId)).get();

/** Deletions still running that saved no turn since `before` (older rows: since the deletion). */
export const stalledDeletions = (env: Env, before: string, limit: number) =>
  controlDb(env)
    .select()
    .from(tenantTombstones)
    .where(
      and(
        eq(tenantTombstones.status, "deleting"),
        lt(sql`coalesce(${tenantTombstones.updatedAt}, ${tenantTombstones.deletedAt})`, before),
      ),
    )
    .orderBy(asc(tenantTombstones.deletedAt))
    .limit(limit);

export async function advanceTombstone(
  env: Env,
  row: TenantTombstoneRow,
  patch: Partial<TenantTombstoneRow>,
  alongside: BatchItem<"sqlite">[] = [],
) {
  const db = controlDb(env);
  const [result] = await db.batch([
    db
      .update(tenantTombstones)
      .set({ ...patch, step: row.step + 1 })
      .where(and(eq(tenantTombstones.tenantId, row.tenantId), eq(tenantTombstones.step, row.step))),
    ...alongside,
  ]);
  return (result.meta.changes ?? 0) > 0;
}

// ---- shard rows ------------------------------------------------------------------------

export const shardPage = (
  env: Env,
  shard: number,
  t: TenantTableInfo,
  tenantId: string,
  after: string | null,
  limit: number,
) => readPage(systemShardBinding(env, shard), t, tenantId, { after, limit }, "row");

export const shardPurge = (env: Env, shard: number, t: TenantTableInfo, tenantId: string, limit: number) =>
  purgePage(systemShardBinding(env, shard), t, tenantId, limit);

export const shardCount = (env: Env, shard: number, t: TenantTableInfo, tenantId: string) =>
  countRows(systemShardBinding(env, shard), t, tenantId);

/** The tenant's fraud case ids after `after`, in id order (each has a Durable Object). */
export async function fraudCaseIds(env: Env, shard: number, tenantId: string, after: string, limit: number) {
  const { results } = await systemShardBinding(env, shard)
    .prepare("SELECT id FROM fraud_cases WHERE tenant_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3")
    .bind(tenantId, after, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}
