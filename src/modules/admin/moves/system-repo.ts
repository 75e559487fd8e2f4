import { systemShardBinding } from "../../../db/system-db";
import { deleteTenantPage, type SyncedPage, syncPage, tableShape } from "../../../db/tenant-rows";
import type { Env } from "../../../env";

/**
 * A move's work on the shards themselves (raw bindings: the tenant is not live on the target
 * yet, and on the old shard no longer). The tenant comes from the move row.
 */

export type BulkPurpose = "move_in" | "purge";

/**
 * Marks the tenant as bulk-written on `shard` (shard migration 0038): its append-only guards
 * and derived-row triggers stand aside for this tenant there. Only ever on a shard where the
 * tenant is not live.
 */
export const markBulkWrites = (env: Env, shard: number, tenantId: string, purpose: BulkPurpose, at: string) =>
  systemShardBinding(env, shard)
    .prepare(
      "INSERT INTO tenant_bulk_writes (tenant_id, purpose, created_at) VALUES (?1, ?2, ?3) " +
        "ON CONFLICT (tenant_id) DO UPDATE SET purpose = excluded.purpose",
    )
    .bind(tenantId, purpose, at)
    .run();

/** Puts the shard's guards back for the tenant (before it goes live there, or once purged). */
export const unmarkBulkWrites = (env: Env, shard: number, tenantId: string) =>
  systemShardBinding(env, shard)
    .prepare("DELETE FROM tenant_bulk_writes WHERE tenant_id = ?1")
    .bind(tenantId)
    .run();

/** Compares one page of a table on both shards and repairs the target's copy. */
export async function syncTablePage(
  env: Env,
  move: { tenantId: string; sourceShard: number; targetShard: number },
  table: string,
  after: string | null,
  limit: number,
): Promise<SyncedPage> {
  const source = systemShardBinding(env, move.sourceShard);
  const target = systemShardBinding(env, move.targetShard);
  return syncPage(source, target, await tableShape(source, table), move.tenantId, after, limit);
}

/** Removes up to `limit` of the tenant's rows of the table from `shard`; how many went. */
export async function purgeTablePage(
  env: Env,
  shard: number,
  tenantId: string,
  table: string,
  limit: number,
) {
  const db = systemShardBinding(env, shard);
  return deleteTenantPage(db, await tableShape(db, table), tenantId, limit);
}

/** The tenant's search tag row, per shard (rebuilt on the target by its customers' insert trigger). */
export const dropSearchTag = (env: Env, shard: number, tenantId: string) =>
  systemShardBinding(env, shard)
    .prepare("DELETE FROM customer_search_tenants WHERE tenant_id = ?1")
    .bind(tenantId)
    .run();

/** How many rows of the tenant the shard holds in a table (the operator's check after a move). */
export async function tenantRowCount(env: Env, shard: number, tenantId: string, table: string) {
  const row = await systemShardBinding(env, shard)
    .prepare(`SELECT count(*) AS n FROM "${table}" WHERE tenant_id = ?1`)
    .bind(tenantId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
