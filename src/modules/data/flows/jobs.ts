import { loadTenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { enqueuePerTenant } from "../../../jobs/enqueue";
import { FLOWS_BACKFILL_JOB, type FlowsBackfillMessage, jobs } from "../../../jobs/messages";
import { runBackfillStep, sweepBackfill } from "./service";

/**
 * JOBS_QUEUE handler for "flows.backfill": with a backfill id, its next step (sent again while
 * rows remain); without one, the daily sweep of the tenant.
 */
export async function flowsBackfillJob(env: Env, message: FlowsBackfillMessage): Promise<void> {
  const ctx = await loadTenantContext(env, message.tenantId, `job:${FLOWS_BACKFILL_JOB}`);
  if (message.backfillId === undefined) {
    const outcome = await sweepBackfill(ctx);
    if (outcome !== "idle")
      console.log(JSON.stringify({ level: "info", msg: `flow backfill ${outcome}`, tenantId: ctx.tenantId }));
    return;
  }
  const outcome = await runBackfillStep(ctx, message.backfillId);
  if (outcome === "continue") await env.JOBS_QUEUE.send(jobs.flowsBackfill(ctx.tenantId, message.backfillId));
}

/** Daily cron ("0 2 * * *"): one sweep message per tenant. */
export async function flowsCronTask(env: Env): Promise<void> {
  await enqueuePerTenant(env, (tenant) => jobs.flowsBackfill(tenant.id));
}
