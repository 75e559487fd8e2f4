import { and, count, desc, eq, getTableColumns, gte, lte, type SQL, sql } from "drizzle-orm";
import type { ControlDb, ShardDb } from "../../db/client";
import { auditLog } from "../../db/control-schema";
import { tenantAuditLog } from "../../db/shard/audit";
import { tenantWhere } from "../../db/tenant-tables";

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

type Db = ControlDb | ShardDb;

/**
 * The insert, for the caller's db.batch. With `onlyIfChanged` it writes only when the statement
 * just before it in the batch changed a row (SQLite changes()), so a change that found nothing
 * to change (a lost race) leaves no entry.
 */
export function insertEntry(
  db: Db,
  table: typeof auditLog | typeof tenantAuditLog,
  row: AuditRow,
  onlyIfChanged = false,
) {
  const values: Record<string, unknown> = {
    ...row,
    before: row.before === null ? null : JSON.stringify(row.before),
    after: row.after === null ? null : JSON.stringify(row.after),
  };
  // INSERT ... SELECT lists the table's columns in declaration order: select the values in it.
  const selected = sql.join(
    Object.keys(getTableColumns(table)).map((name) => sql`${values[name]}`),
    sql`, `,
  );
  const condition = onlyIfChanged ? sql`changes() > 0` : sql`1`;
  return (db as ControlDb)
    .insert(table as typeof auditLog)
    .select(sql`SELECT ${selected} WHERE ${condition}`);
}

function whereOf(t: typeof auditLog | typeof tenantAuditLog, filter: AuditFilter): SQL | undefined {
  return and(
    // An operator's optional tenant filter (the control log spans tenants).
    filter.tenantId ? tenantWhere({ tenantId: filter.tenantId }, t) : undefined,
    filter.action ? eq(t.action, filter.action) : undefined,
    filter.since ? gte(t.createdAt, filter.since) : undefined,
    filter.until ? lte(t.createdAt, filter.until) : undefined,
  );
}

/** The first `take` entries newest first, and how many match in all. */
async function readTable(
  db: Db,
  t: typeof auditLog | typeof tenantAuditLog,
  filter: AuditFilter,
  take: number,
) {
  const where = whereOf(t, filter);
  const [rows, [{ n }]] = (await db.batch([
    db.select().from(t).where(where).orderBy(desc(t.id)).limit(take) as never,
    db.select({ n: count() }).from(t).where(where) as never,
  ])) as unknown as [AuditRow[], { n: number }[]];
  return { rows, total: n };
}

export const readControl = (db: ControlDb, filter: AuditFilter, take: number) =>
  readTable(db, auditLog, filter, take);

export const readShard = (db: ShardDb, filter: AuditFilter, take: number) =>
  readTable(db, tenantAuditLog, filter, take);
