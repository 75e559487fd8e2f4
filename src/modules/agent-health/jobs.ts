import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { enqueuePerTenant } from "../../jobs/enqueue";
import { AGENT_HEALTH_REFRESH_JOB, type AgentHealthRefreshMessage, jobs } from "../../jobs/messages";
import { refreshSnapshots } from "./snapshots/service";

/** JOBS_QUEUE handler for "agent-health.refresh" {tenantId}: recompute the tenant's snapshots. */
export async function agentHealthRefreshJob(env: Env, message: AgentHealthRefreshMessage): Promise<void> {
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
}

/**
 * Daily cron ("0 2 * * *"): one queue message per agent-network tenant, so each tenant's
 * refresh runs in its own invocation (its own query and CPU budget) and is retried alone.
 */
export async function agentHealthCronTask(env: Env): Promise<void> {
  await enqueuePerTenant(env, (tenant) =>
    tenant.features.agentNetwork === true ? jobs.agentHealthRefresh(tenant.id) : undefined,
  );
}
