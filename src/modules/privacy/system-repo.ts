import { and, asc, eq, lt } from "drizzle-orm";
import { type ErasureSubject, scrubPage } from "../../db/maintenance";
import { PERSONAL_COLUMNS, type PersonalColumns } from "../../db/personal-columns";
import { type CustomerErasureRow, customerErasures } from "../../db/shard/privacy";
import { systemShardBinding, systemShardDb } from "../../db/system-db";
import { tenantTable } from "../../db/tenant-table-list";
import type { Env } from "../../env";

/**
 * The erasure job's sweep over every tenant table (src/db/maintenance.ts scrubPage), and its
 * progress row. A queue message carries the tenant and erasure ids only.
 */

/**
 * The declared personal columns (src/db/personal-columns.ts), each with its table's key: what an
 * erasure sweeps, in order. Nothing undeclared is touched: chained logs, goAML's filed reports,
 * the audit log and rule sets are never listed.
 */
export const scrubTables = (): ScrubTarget[] =>
  PERSONAL_COLUMNS.map((p) => ({ ...p, name: p.table, key: tenantTable(p.table).key }));

export type ScrubTarget = PersonalColumns & { name: string; key: string[] };

export const findErasure = (env: Env, shard: number, tenantId: string, erasureId: string) =>
  systemShardDb(env, shard)
    .select()
    .from(customerErasures)
    .where(and(eq(customerErasures.id, erasureId), eq(customerErasures.tenantId, tenantId)))
    .get();

/** Running erasures on a shard (any tenant) that saved no turn since `before`: the minute cron's sweep. */
export const stalledErasures = (env: Env, shard: number, before: string, limit: number) =>
  systemShardDb(env, shard)
    .select({
      id: customerErasures.id,
      tenantId: customerErasures.tenantId,
      step: customerErasures.step,
      tableIndex: customerErasures.tableIndex,
    })
    .from(customerErasures)
    .where(and(eq(customerErasures.status, "running"), lt(customerErasures.updatedAt, before)))
    .orderBy(asc(customerErasures.updatedAt))
    .limit(limit);

/** Moves the erasure on from its step; false when another turn already did (a redelivery). */
export async function advanceErasure(
  env: Env,
  shard: number,
  row: CustomerErasureRow,
  patch: Partial<CustomerErasureRow>,
) {
  const result = await systemShardDb(env, shard)
    .update(customerErasures)
    .set({ ...patch, step: row.step + 1 })
    .where(and(eq(customerErasures.id, row.id), eq(customerErasures.step, row.step)));
  return (result.meta.changes ?? 0) > 0;
}

export const scrub = (
  env: Env,
  shard: number,
  t: ScrubTarget,
  tenantId: string,
  page: { after: string | null; limit: number },
  subject: ErasureSubject,
) => scrubPage(systemShardBinding(env, shard), t, tenantId, page, subject);
