import { holdMovePermit, type MovePermit, releaseMovePermits } from "../../../db/maintenance";
import { changesAfter, dropChanges, unwatchTenant, watchTenant } from "../../../db/move-log";
import { systemShardBinding } from "../../../db/system-db";
import {
  countStatement,
  deletePageStatement,
  dropTenantSearchTag,
  tableShape,
} from "../../../db/tenant-rows";
import { type SyncedKeys, type SyncedPage, syncKeys, syncPage } from "../../../db/tenant-sync";
import { TENANT_TABLES, type TenantTableName, tenantTable } from "../../../db/tenant-table-list";
import type { Env } from "../../../env";

/**
 * A move's work on the shards themselves (raw bindings: the tenant is not live on the target
 * yet, and on the old shard no longer). The tenant comes from the move row.
 */

/** The move's maintenance permit on `shard` (only ever where the tenant is not live). */
export const holdPermit = (env: Env, shard: number, tenantId: string, kind: MovePermit, at: string) =>
  holdMovePermit(systemShardBinding(env, shard), tenantId, kind, at);

/** Puts the shard's guards back for the tenant (before it goes live there, or once purged). */
export const releasePermits = (env: Env, shard: number, tenantId: string) =>
  releaseMovePermits(systemShardBinding(env, shard), tenantId);

/** Compares one page of a table on both shards and repairs the target's copy. */
export async function syncTablePage(
  env: Env,
  move: { tenantId: string; sourceShard: number; targetShard: number },
  table: TenantTableName,
  after: string | null,
  limit: number,
): Promise<SyncedPage> {
  const source = systemShardBinding(env, move.sourceShard);
  const target = systemShardBinding(env, move.targetShard);
  return syncPage(source, target, await tableShape(source, tenantTable(table)), move.tenantId, after, limit);
}

type MoveShards = { tenantId: string; sourceShard: number; targetShard: number };

/** Compares the named rows of a table (keys from the change log) on both shards and repairs the target's copy. */
export async function syncTableKeys(
  env: Env,
  move: MoveShards,
  table: TenantTableName,
  keys: string[],
): Promise<SyncedKeys> {
  const source = systemShardBinding(env, move.sourceShard);
  const target = systemShardBinding(env, move.targetShard);
  return syncKeys(source, target, await tableShape(source, tenantTable(table)), move.tenantId, keys);
}

/** Starts (or keeps) logging the tenant's changes on the source; the log's last sequence now. */
export const watchSource = (env: Env, move: MoveShards, at: string) =>
  watchTenant(systemShardBinding(env, move.sourceShard), move.tenantId, at);

/** The source's logged changes of the tenant after `afterSeq`, at most `limit`. */
export const sourceChanges = (env: Env, move: MoveShards, afterSeq: number, limit: number) =>
  changesAfter(systemShardBinding(env, move.sourceShard), move.tenantId, afterSeq, limit);

/**
 * Stops logging on the source and deletes up to `limit` logged changes; whether none are left.
 * Two statements.
 */
export async function dropSourceLog(env: Env, move: MoveShards, limit: number) {
  const db = systemShardBinding(env, move.sourceShard);
  await unwatchTenant(db, move.tenantId).run();
  return (await dropChanges(db, move.tenantId, limit)) < limit;
}

/** The tenant's rows per tenant table on a shard: one batch of counts. */
export async function tableCounts(env: Env, shard: number, tenantId: string) {
  const db = systemShardBinding(env, shard);
  const results = await db.batch<{ n: number }>(TENANT_TABLES.map((t) => countStatement(db, t, tenantId)));
  return new Map(TENANT_TABLES.map((t, i) => [t, results[i]?.results[0]?.n ?? 0]));
}

/** Removes up to `limit` of the tenant's rows of the table from `shard` (under the move's permit); how many went. */
export async function purgeTablePage(
  env: Env,
  shard: number,
  tenantId: string,
  table: TenantTableName,
  limit: number,
) {
  const db = systemShardBinding(env, shard);
  const { results } = await deletePageStatement(db, tenantTable(table), tenantId, limit).run();
  return results.length;
}

/** The tenant's search tag on the old shard (the target made its own as the customers arrived). */
export const dropSearchTag = (env: Env, shard: number, tenantId: string) =>
  dropTenantSearchTag(systemShardBinding(env, shard), tenantId);
