import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { jobs, type MonitoringScreenMessage } from "../../jobs/messages";
import { drainPending } from "./service";

/**
 * The arrival screener: drains the tenant's pending entities within this invocation's budget and
 * sends itself again while work remains. A duplicate or retried message finds the rows claimed
 * or gone and does nothing twice (docs/methodology/monitoring.md#idempotency).
 */
export async function monitoringScreenJob(env: Env, message: MonitoringScreenMessage): Promise<void> {
  const ctx = await loadTenantContext(env, message.tenantId, `job:monitoring.screen:${crypto.randomUUID()}`);
  const figures = await drainPending(ctx, { trigger: "arrival", runId: null });
  if (figures.next) await env.JOBS_QUEUE.send(jobs.monitoringScreen(message.tenantId), figures.next);
}
