import type { Env } from "../env";
import { resumeStalledMoves, tenantMoveJob } from "../modules/admin/moves/jobs";
import { floatBacktestJob } from "../modules/agent-health/float/backtest/jobs";
import { agentHealthCronTask, agentHealthRefreshJob } from "../modules/agent-health/jobs";
import { runBacktestJob } from "../modules/aml/backtest/jobs";
import { amlSlaSweepTask } from "../modules/aml/casework/jobs";
import { sealAuditLogsTask } from "../modules/audit/jobs";
import { bhiCalculateJob } from "../modules/bhi/jobs";
import { flowsBackfillJob, flowsCronTask } from "../modules/data/flows/jobs";
import { fraudSlaSweepTask } from "../modules/fraud/casework/jobs";
import { goamlCtrCronTask, goamlCtrJob } from "../modules/goaml/jobs";
import { sweepExpiredIdempotencyKeys } from "../modules/idempotency/jobs";
import { continueSync, resumeStalledSyncs } from "../modules/ingest/sync/service";
import { lendingCronTask, lendingRefreshJob } from "../modules/lending/portfolio/jobs";
import { rulesBacktestJob } from "../modules/monitoring/backtest/jobs";
import {
  monitoringNetworkJob,
  monitoringRescreenJob,
  monitoringRunJob,
  monitoringScreenJob,
  scheduleMonitoringRuns,
  sweepStrandedPending,
} from "../modules/monitoring/jobs";
import { resumeStalledOffboarding, tenantDeleteJob, tenantExportJob } from "../modules/offboarding/jobs";
import { customerErasureJob, resumeStalledErasures } from "../modules/privacy/jobs";
import { sanctionsScreenJob } from "../modules/sanctions/jobs";
import { smeBenchmarksCron, smeBenchmarksJob } from "../modules/sme/jobs";
import { usageMeasureJob } from "../modules/usage/jobs";
import { objectRecountJob, resumeStalledRecounts } from "../modules/usage/recount/jobs";
import { outboxDispatchJob, webhookSweepTask } from "../modules/webhooks/jobs";
import {
  bhiRefreshCronTask,
  monthlyReportsCronTask,
  resumeStrandedWorkflowRuns,
  riskReviewHook,
  workflowRunJob,
  workflowStartJob,
} from "../modules/workflows/jobs";
import "../ports";
import { sweepJobDedupe } from "./dedupe";
import {
  AGENT_HEALTH_REFRESH_JOB,
  AML_BACKTEST_JOB,
  BHI_CALCULATE_JOB,
  CUSTOMER_ERASURE_JOB,
  FLOAT_BACKTEST_JOB,
  FLOWS_BACKFILL_JOB,
  GOAML_CTR_JOB,
  type JobMessage,
  type JobType,
  LENDING_REFRESH_JOB,
  MONITORING_NETWORK_JOB,
  MONITORING_RESCREEN_JOB,
  MONITORING_RUN_JOB,
  MONITORING_SCREEN_JOB,
  OBJECT_RECOUNT_JOB,
  OUTBOX_DISPATCH_JOB,
  type OutboxDispatchMessage,
  RULES_BACKTEST_JOB,
  SANCTIONS_SCREEN_JOB,
  SME_BENCHMARKS_JOB,
  SYNC_CONTINUE_JOB,
  TENANT_DELETE_JOB,
  TENANT_EXPORT_JOB,
  TENANT_MOVE_JOB,
  USAGE_MEASURE_JOB,
  WORKFLOW_RUN_JOB,
  WORKFLOW_START_JOB,
} from "./messages";

/**
 * The outbox job (on its own queue, src/jobs/queue.ts handleOutboxBatch): event-triggered
 * workflows (risk-review on customer.risk_alert) start before the outbox fans the tenant's new
 * events out; `rounds` bounds the fan-out when one invocation serves several tenants.
 */
export async function dispatchTenantOutbox(env: Env, message: OutboxDispatchMessage, rounds?: number) {
  await riskReviewHook(env, message.tenantId);
  await outboxDispatchJob(env, message, rounds);
}

/** Each job type's message, by its type: the shape the handler table is checked against. */
type MessageByType = { [M in JobMessage as M["type"]]: M };
type Handlers = { [T in JobType]: (env: Env, message: MessageByType[T]) => Promise<void> };

/** One handler per job type (large syncs, large BHI runs, backtests, workflows, outbox). */
const handlers: Handlers = {
  [SYNC_CONTINUE_JOB]: (env, message) => continueSync(env, message),
  [AML_BACKTEST_JOB]: runBacktestJob,
  [RULES_BACKTEST_JOB]: rulesBacktestJob,
  [BHI_CALCULATE_JOB]: bhiCalculateJob,
  [SME_BENCHMARKS_JOB]: smeBenchmarksJob,
  [AGENT_HEALTH_REFRESH_JOB]: agentHealthRefreshJob,
  [OUTBOX_DISPATCH_JOB]: (env, message) => dispatchTenantOutbox(env, message),
  [WORKFLOW_RUN_JOB]: workflowRunJob,
  [WORKFLOW_START_JOB]: workflowStartJob,
  [MONITORING_SCREEN_JOB]: monitoringScreenJob,
  [MONITORING_RUN_JOB]: monitoringRunJob,
  [MONITORING_RESCREEN_JOB]: monitoringRescreenJob,
  [MONITORING_NETWORK_JOB]: monitoringNetworkJob,
  [GOAML_CTR_JOB]: goamlCtrJob,
  [LENDING_REFRESH_JOB]: lendingRefreshJob,
  [FLOAT_BACKTEST_JOB]: floatBacktestJob,
  [FLOWS_BACKFILL_JOB]: flowsBackfillJob,
  [TENANT_MOVE_JOB]: tenantMoveJob,
  [TENANT_EXPORT_JOB]: tenantExportJob,
  [TENANT_DELETE_JOB]: tenantDeleteJob,
  [CUSTOMER_ERASURE_JOB]: customerErasureJob,
  [USAGE_MEASURE_JOB]: usageMeasureJob,
  [OBJECT_RECOUNT_JOB]: (env, message) => objectRecountJob(env, message),
  [SANCTIONS_SCREEN_JOB]: sanctionsScreenJob,
};

const runTyped = <T extends JobType>(env: Env, type: T, message: MessageByType[T]) =>
  handlers[type](env, message);

/** Runs the handler of a (validated) message's type. */
export const runJob = (env: Env, message: JobMessage): Promise<void> => runTyped(env, message.type, message);

export type JobHandler = (env: Env, message: JobMessage) => Promise<void>;

/** Each job type's entry point, for callers holding a message of that type (tests drive jobs this way). */
export const jobHandlers = Object.fromEntries(
  Object.keys(handlers).map((type): [string, JobHandler] => [
    type,
    async (env, message) => {
      if (message.type !== type) throw new Error(`the ${type} handler got a ${message.type} message`);
      await runJob(env, message);
    },
  ]),
) as Record<JobType, JobHandler>;

/** Cron tasks by schedule expression (wrangler.toml [triggers]). */
export type CronTask = (env: Env, scheduledTime: Date) => Promise<void>;
export const cronTasks: Record<string, CronTask[]> = {
  "* * * * *": [
    resumeStalledSyncs,
    webhookSweepTask,
    async (env, at) => void (await resumeStrandedWorkflowRuns(env, at)),
    async (env, at) => void (await scheduleMonitoringRuns(env, at)),
    async (env, at) => void (await sweepStrandedPending(env, at)),
    fraudSlaSweepTask,
    amlSlaSweepTask,
    // Stalled operator jobs (moves, exports, deletions, erasures, recounts): src/jobs/resumes.ts.
    async (env, at) => void (await resumeStalledMoves(env, at)),
    async (env, at) => void (await resumeStalledOffboarding(env, at)),
    async (env, at) => void (await resumeStalledErasures(env, at)),
    async (env, at) => void (await resumeStalledRecounts(env, at)),
    sealAuditLogsTask,
  ],
  "0 2 * * *": [
    smeBenchmarksCron,
    agentHealthCronTask,
    bhiRefreshCronTask,
    goamlCtrCronTask,
    sweepExpiredIdempotencyKeys,
    lendingCronTask,
    sweepJobDedupe,
    flowsCronTask,
  ],
  "0 3 1 * *": [monthlyReportsCronTask],
};
