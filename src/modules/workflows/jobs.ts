import { shardNumbers } from "../../db/client";
import { loadTenantContext, type TenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { enqueuePerTenant, sendJobs } from "../../jobs/enqueue";
import { jobs, type WorkflowRunMessage, type WorkflowStartMessage } from "../../jobs/messages";
import { AppError } from "../../lib/errors";
import { DAILY_CRON, isWorkflowId, MONTHLY_CRON, type WorkflowId } from "./domain/catalog";
import * as repo from "./repo";
import { executeRun } from "./runner";
import { createRun, enqueueRun } from "./service";
import * as systemRepo from "./system-repo";

/** How far back the risk-alert hook looks for events that started no risk-review yet. */
export const RISK_ALERT_LOOKBACK_MS = 24 * 3_600_000;
const RISK_ALERTS_PER_PASS = 50;

const requestId = (kind: string) => `${kind}-${crypto.randomUUID()}`;

/** JOBS_QUEUE "workflow.run" {tenantId, runId, lease?}. */
export async function workflowRunJob(env: Env, message: WorkflowRunMessage): Promise<void> {
  const ctx = await loadTenantContext(env, message.tenantId, requestId("workflow-run"));
  await executeRun(ctx, message.runId, message.lease);
}

/** JOBS_QUEUE "workflow.start" {tenantId, workflowId, triggerKey, triggeredBy} from cron. */
export async function workflowStartJob(env: Env, message: WorkflowStartMessage): Promise<void> {
  const { workflowId, triggerKey, triggeredBy } = message;
  if (!isWorkflowId(workflowId)) return; // a workflow removed since the message was sent
  const ctx = await loadTenantContext(env, message.tenantId, requestId("workflow-start")).catch((err) => {
    if (err instanceof AppError && err.code === "not_found") return null; // tenant deleted since the cron
    throw err;
  });
  if (!ctx) return;
  const { run } = await createRun(ctx, {
    workflowId,
    input: {},
    triggeredBy,
    triggerKey,
  });
  await executeRun(ctx, run.id);
}

/**
 * Cron fan-out: one "workflow.start" message per tenant. The trigger key (the period) makes a
 * repeated cron start nothing twice.
 */
async function startForEveryTenant(env: Env, workflowId: WorkflowId, schedule: string, triggerKey: string) {
  const start = { workflowId, triggerKey, triggeredBy: `cron:${schedule}` };
  await enqueuePerTenant(env, (tenant) => jobs.workflowStart(tenant.id, start));
}

/** A trigger enqueues within milliseconds; a run still pending this long lost its message. */
const STRANDED_AFTER_MS = 2 * 60_000;
const STRANDED_PER_SHARD = 100;

/**
 * Cron (every minute): re-sends "workflow.run" for runs still pending after 2 minutes, e.g.
 * when the trigger stored the run but the queue send failed. A duplicate is harmless: the
 * runner's lease lets one consumer execute a run.
 */
export async function resumeStrandedWorkflowRuns(env: Env, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STRANDED_AFTER_MS).toISOString();
  let resent = 0;
  for (const shard of shardNumbers(env)) {
    const runs = await systemRepo.strandedPendingRuns(env, shard, before, STRANDED_PER_SHARD);
    await sendJobs(
      env,
      runs.map((r) => jobs.workflowRun(r.tenantId, r.id)),
    );
    resent += runs.length;
  }
  return resent;
}

/** Cron "0 2 * * *": bhi-refresh for every tenant, once per UTC day. */
export const bhiRefreshCronTask = (env: Env, scheduledTime: Date) =>
  startForEveryTenant(env, "bhi-refresh", DAILY_CRON, `cron:${scheduledTime.toISOString().slice(0, 10)}`);

/** Cron "0 3 1 * *": monthly-reports for every tenant, once per UTC month. */
export const monthlyReportsCronTask = (env: Env, scheduledTime: Date) =>
  startForEveryTenant(
    env,
    "monthly-reports",
    MONTHLY_CRON,
    `cron:${scheduledTime.toISOString().slice(0, 7)}`,
  );

/**
 * The event trigger of risk-review: customer.risk_alert events of the tenant from the last
 * 24 hours that started no run yet each start one (trigger key "event:<eventId>", so an
 * event starts exactly one run however often this is called). Called before each outbox
 * dispatch of the tenant (jobs/registry.ts), so it runs whenever new events are announced.
 */
export async function startRiskReviews(ctx: TenantContext): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - RISK_ALERT_LOOKBACK_MS).toISOString();
  const alerts = await repo.unreviewedRiskAlerts(ctx, since, RISK_ALERTS_PER_PASS);
  let started = 0;
  for (const event of alerts) {
    const customerId = event.data.customerId;
    if (typeof customerId !== "string") continue;
    const { run, created } = await createRun(ctx, {
      workflowId: "risk-review",
      input: { customerId },
      triggeredBy: "event:customer.risk_alert",
      triggerKey: `event:${event.id}`,
    });
    if (created) {
      await enqueueRun(ctx, run.id);
      started++;
    }
  }
  return started;
}

/** The hook around the outbox job: a failure here never holds up webhook delivery. */
export async function riskReviewHook(env: Env, tenantId: string): Promise<void> {
  try {
    await startRiskReviews(await loadTenantContext(env, tenantId, requestId("risk-review-hook")));
  } catch (err) {
    console.error(
      JSON.stringify({ level: "error", msg: "risk-review trigger failed", tenantId, err: String(err) }),
    );
  }
}
