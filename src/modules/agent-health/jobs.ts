import { sql } from "drizzle-orm";
import { controlDb } from "../../db/client";
import { tenants } from "../../db/control-schema";
import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import type { JobHandler } from "../../jobs/registry";
import { AGENT_HEALTH_REFRESH_JOB, refreshSnapshots } from "./service";

export { AGENT_HEALTH_REFRESH_JOB };

/** JOBS_QUEUE handler for "agent-health.refresh" {tenantId}: recompute the tenant's snapshots. */
export const agentHealthRefreshJob: JobHandler = async (env, message) => {
  const ctx = await loadTenantContext(env, message.tenantId, `job:${AGENT_HEALTH_REFRESH_JOB}`);
  if (!ctx.tenant.features.agentNetwork) return;
  const { refreshed } = await refreshSnapshots(ctx);
  console.log(
    JSON.stringify({
      level: "info",
      msg: "agent health refreshed",
      tenantId: ctx.tenantId,
      agents: refreshed,
    }),
  );
};

/**
 * Daily cron ("0 2 * * *"): one queue message per agent-network tenant, so each tenant's
 * refresh runs in its own invocation (its own query and CPU budget) and is retried alone.
 */
export async function agentHealthCronTask(env: Env): Promise<void> {
  const rows = await controlDb(env)
    .select({ id: tenants.id })
    .from(tenants)
    .where(sql`json_extract(${tenants.features}, '$.agentNetwork') = 1`);
  for (let i = 0; i < rows.length; i += 100) {
    await env.JOBS_QUEUE.sendBatch(
      rows.slice(i, i + 100).map((r) => ({ body: { type: AGENT_HEALTH_REFRESH_JOB, tenantId: r.id } })),
    );
  }
}
