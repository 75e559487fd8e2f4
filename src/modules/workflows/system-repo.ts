import { systemShardBinding } from "../../db/system-db";
import type { Env } from "../../env";

/**
 * Pending runs created before `before`, across tenants (operator sweep over one shard; the
 * partial index workflow_runs_pending_idx keeps it small).
 */
export async function strandedPendingRuns(env: Env, shard: number, before: string, limit: number) {
  const { results } = await systemShardBinding(env, shard)
    .prepare(
      `SELECT id, tenant_id AS tenantId FROM workflow_runs
       WHERE status = 'pending' AND created_at < ?1 ORDER BY created_at LIMIT ?2`,
    )
    .bind(before, limit)
    .all<{ id: string; tenantId: string }>();
  return results;
}

/** Runs waiting to start on a shard, every tenant (partial index): the operator's figures. */
export async function pendingRunCount(env: Env, shard: number): Promise<number> {
  const row = await systemShardBinding(env, shard)
    .prepare("SELECT count(*) AS n FROM workflow_runs WHERE status = 'pending'")
    .first<{ n: number }>();
  return row?.n ?? 0;
}
