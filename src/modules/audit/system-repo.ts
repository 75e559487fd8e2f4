import { and, count, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { auditLog } from "../../db/control-schema";
import { tenantAuditLog } from "../../db/shard/audit";
import { type ShardDb, systemShardDb } from "../../db/system-db";
import { tenantWhere } from "../../db/tenant-tables";
import type { Env } from "../../env";
import type { AuditFilter, AuditRow } from "./repo";

/**
 * Reads of the logs that span tenants: the control log (operator actions, filtered by tenant
 * when one is named) and a shard's tenant logs for the operator.
 */

type Db = ControlDb | ShardDb;

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

/** Every tenant's own entries on one shard: the operator's log (optionally filtered by tenant). */
export const readShardLog = (env: Env, shard: number, filter: AuditFilter, take: number) =>
  readTable(systemShardDb(env, shard), tenantAuditLog, filter, take);
