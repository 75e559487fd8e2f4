import { holdMovePermit, type MovePermit, releaseMovePermits } from "../../../db/maintenance";
import { systemShardBinding } from "../../../db/system-db";
import {
  deletePageStatement,
  dropTenantSearchTag,
  type SyncedPage,
  syncPage,
  tableShape,
} from "../../../db/tenant-rows";
import { type TenantTableName, tenantTable } from "../../../db/tenant-table-list";
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
