import { systemShardBinding } from "../../../db/system-db";
import {
  type BulkPurpose,
  deleteTenantPage,
  dropTenantSearchTag,
  markBulk,
  type SyncedPage,
  syncPage,
  tableShape,
  unmarkBulk,
} from "../../../db/tenant-rows";
import type { Env } from "../../../env";

/**
 * A move's work on the shards themselves (raw bindings: the tenant is not live on the target
 * yet, and on the old shard no longer). The tenant comes from the move row.
 */

/** Marks the tenant as bulk-written on `shard` (only ever where it is not live). */
export const markBulkWrites = (env: Env, shard: number, tenantId: string, purpose: BulkPurpose, at: string) =>
  markBulk(systemShardBinding(env, shard), tenantId, purpose, at);

/** Puts the shard's guards back for the tenant (before it goes live there, or once purged). */
export const unmarkBulkWrites = (env: Env, shard: number, tenantId: string) =>
  unmarkBulk(systemShardBinding(env, shard), tenantId);

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

/** The tenant's search tag on the old shard (the target made its own as the customers arrived). */
export const dropSearchTag = (env: Env, shard: number, tenantId: string) =>
  dropTenantSearchTag(systemShardBinding(env, shard), tenantId);
