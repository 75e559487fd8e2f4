import { systemShardBinding } from "../../../db/system-db";
import type { Env } from "../../../env";

/** Cross-tenant sweeps over one shard (cron): the tenant comes from the rows found. */

/** Running runs of one shard whose last progress is older than `before` (cron sweep; all tenants). */
export async function stalledRuns(env: Env, shard: number, before: string) {
  const { results } = await systemShardBinding(env, shard)
    .prepare(
      "SELECT id, tenant_id AS tenantId FROM sync_runs WHERE status = 'running' AND heartbeat_at < ?1 LIMIT 100",
    )
    .bind(before)
    .all<{ id: string; tenantId: string }>();
  return results;
}
