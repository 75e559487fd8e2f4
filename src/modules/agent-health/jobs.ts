import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { enqueuePerTenant } from "../../jobs/enqueue";
import { AGENT_HEALTH_REFRESH_JOB, type AgentHealthRefreshMessage, jobs } from "../../jobs/messages";
import { refreshStep } from "./snapshots/service";

/**
 * JOBS_QUEUE handler for "agent-health.refresh" {tenantId, cursor?}: one slice of the tenant's
 * refresh per message, the next slice queued with the cursor (progress in agent_health_refresh_runs).
 */
export async function agentHealthRefreshJob(env: Env, message: AgentHealthRefreshMessage): Promise<void> {
  const ctx = await loadTenantContext(env, message.tenantId, `job:${AGENT_HEALTH_REFRESH_JOB}`);
  if (!ctx.tenant.features.agentNetwork) return;
  const { runComputedAt, afterId } = message;
  const next = await refreshStep(
    ctx,
    runComputedAt && afterId ? { computedAt: runComputedAt, afterId } : undefined,
  );
  if (next) await env.JOBS_QUEUE.send(jobs.agentHealthRefresh(ctx.tenantId, next));
  console.log(
    JSON.stringify({
      level: "info",
      msg: next ? "agent health refresh slice done" : "agent health refreshed",
      tenantId: ctx.tenantId,
      through: next?.afterId ?? null,
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
