import { asc, gt } from "drizzle-orm";
import { controlDb, shardBinding, shardCount } from "../../db/client";
import { tenants } from "../../db/control-schema";
import { loadTenantContext, type TenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { DAILY_CRON, isWorkflowId, MONTHLY_CRON, type WorkflowId } from "./domain/catalog";
import * as repo from "./repo";
import { executeRun, WORKFLOW_RUN_JOB } from "./runner";
import { createRun, enqueueRun } from "./service";

export { WORKFLOW_RUN_JOB };
/** A cron occurrence for one tenant: create the run (once per period) and execute it. */
export const WORKFLOW_START_JOB = "workflow.start";

/** Tenants read per control-database page, and queue messages per sendBatch (the limit is 100). */
const TENANT_PAGE = 100;
/** How far back the risk-alert hook looks for events that started no risk-review yet. */
export const RISK_ALERT_LOOKBACK_MS = 24 * 3_600_000;
const RISK_ALERTS_PER_PASS = 50;

const requestId = (kind: string) => `${kind}-${crypto.randomUUID()}`;

/** JOBS_QUEUE "workflow.run" {tenantId, runId}. */
export async function workflowRunJob(
  env: Env,
  message: { tenantId: string; runId?: unknown; lease?: unknown },
): Promise<void> {
  if (typeof message.runId !== "string") return;
  const ctx = await loadTenantContext(env, message.tenantId, requestId("workflow-run"));
  await executeRun(ctx, message.runId, typeof message.lease === "string" ? message.lease : undefined);
}

/** JOBS_QUEUE "workflow.start" {tenantId, workflowId, triggerKey, triggeredBy} from cron. */
export async function workflowStartJob(
  env: Env,
  message: { tenantId: string; workflowId?: unknown; triggerKey?: unknown; triggeredBy?: unknown },
): Promise<void> {
  const { workflowId, triggerKey, triggeredBy } = message;
  if (typeof workflowId !== "string" || !isWorkflowId(workflowId) || typeof triggerKey !== "string") return;
  const ctx = await loadTenantContext(env, message.tenantId, requestId("workflow-start")).catch((err) => {
    if (err instanceof AppError && err.code === "not_found") return null; // tenant deleted since the cron
    throw err;
  });
  if (!ctx) return;
  const { run } = await createRun(ctx, {
    workflowId,
    input: {},
    triggeredBy: typeof triggeredBy === "string" ? triggeredBy : "cron",
    triggerKey,
  });
  await executeRun(ctx, run.id);
}

/**
 * Cron fan-out: one "workflow.start" message per tenant, sent in batches of 100 while
 * paging through the control database, so one invocation stays small for any number of
 * tenants. The trigger key (the period) makes a repeated cron start nothing twice.
 */
async function startForEveryTenant(env: Env, workflowId: WorkflowId, schedule: string, triggerKey: string) {
  const db = controlDb(env);
  let after = "";
  for (;;) {
    const page = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(gt(tenants.id, after))
      .orderBy(asc(tenants.id))
      .limit(TENANT_PAGE);
    if (page.length === 0) return;
    await env.JOBS_QUEUE.sendBatch(
      page.map((t) => ({
        body: {
          type: WORKFLOW_START_JOB,
          tenantId: t.id,
          workflowId,
          triggerKey,
          triggeredBy: `cron:${schedule}`,
        },
      })),
    );
    after = page[page.length - 1].id;
    if (page.length < TENANT_PAGE) return;
  }
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
  for (let shard = 0; shard < shardCount(env); shard++) {
    const runs = await repo.strandedPendingRuns(shardBinding(env, shard), before, STRANDED_PER_SHARD);
    if (runs.length === 0) continue;
    await env.JOBS_QUEUE.sendBatch(
      runs.map((r) => ({ body: { type: WORKFLOW_RUN_JOB, tenantId: r.tenantId, runId: r.id } })),
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
