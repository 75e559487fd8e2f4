import type { Env } from "../env";
import { systemShardBinding } from "./system-db";
import { countStatement } from "./tenant-rows";
import type { TenantTableName } from "./tenant-table-list";

/**
 * Rows of one tenant in each named tenant table: one COUNT per table, all in one D1 batch.
 * Each reads only the tenant's range of an index that leads with tenant_id (every table
 * passed has one), so it costs the tenant's rows, not the shard's: for storage figures that
 * no trigger keeps (src/modules/usage, docs/decisions/fairness.md#storage-quotas). By table
 * list, like src/db/maintenance.ts: names come from code constants, never from input.
 */
export async function countTenantRows(
  env: Env,
  shard: number,
  tenantId: string,
  tables: readonly TenantTableName[],
): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const db = systemShardBinding(env, shard);
  const results = await db.batch<{ n: number }>(tables.map((table) => countStatement(db, table, tenantId)));
  return Object.fromEntries(tables.map((table, i) => [table, results[i].results[0]?.n ?? 0]));
}
