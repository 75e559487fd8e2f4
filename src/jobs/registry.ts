import type { Env } from "../env";
import {
  AGENT_HEALTH_REFRESH_JOB,
  agentHealthCronTask,
  agentHealthRefreshJob,
} from "../modules/agent-health/jobs";
import { AML_BACKTEST_JOB, runBacktestJob } from "../modules/aml/backtest-jobs";
import { bhiCalculateJob } from "../modules/bhi/jobs";
import { OUTBOX_DISPATCH_JOB } from "../modules/events/service";
import { continueSync, resumeStalledSyncs, SYNC_CONTINUE_JOB } from "../modules/ingest/sync/service";
import { SME_BENCHMARK_JOB } from "../modules/sme/benchmarks";
import { smeBenchmarksCron, smeBenchmarksJob } from "../modules/sme/jobs";
import { outboxDispatchJob, webhookSweepTask } from "../modules/webhooks/jobs";
import {
  bhiRefreshCronTask,
  monthlyReportsCronTask,
  resumeStrandedWorkflowRuns,
  riskReviewHook,
  WORKFLOW_RUN_JOB,
  WORKFLOW_START_JOB,
  workflowRunJob,
  workflowStartJob,
} from "../modules/workflows/jobs";

/** A background job on JOBS_QUEUE: `type` selects the handler; the rest is ids, not payloads. */
export interface JobMessage {
  type: string;
  tenantId: string;
  [key: string]: unknown;
}

export type JobHandler = (env: Env, message: JobMessage) => Promise<void>;

/** Modules add their job handlers here (large syncs, large BHI runs, backtests, workflows). */
export const jobHandlers: Record<string, JobHandler> = {
  [SYNC_CONTINUE_JOB]: (env, message) => continueSync(env, message),
  [AML_BACKTEST_JOB]: runBacktestJob,
  "bhi.calculate": bhiCalculateJob,
  [SME_BENCHMARK_JOB]: smeBenchmarksJob,
  [AGENT_HEALTH_REFRESH_JOB]: agentHealthRefreshJob,
  // Event-triggered workflows (risk-review on customer.risk_alert) start before the outbox
  // fans the tenant's new events out; the webhooks job itself is unchanged.
  [OUTBOX_DISPATCH_JOB]: async (env, message) => {
    await riskReviewHook(env, message.tenantId);
    await outboxDispatchJob(env, message);
  },
  [WORKFLOW_RUN_JOB]: workflowRunJob,
  [WORKFLOW_START_JOB]: workflowStartJob,
};

/** Cron tasks by schedule expression (wrangler.toml [triggers]). */
export type CronTask = (env: Env, scheduledTime: Date) => Promise<void>;
export const cronTasks: Record<string, CronTask[]> = {
  "* * * * *": [
    resumeStalledSyncs,
    webhookSweepTask,
    async (env, at) => void (await resumeStrandedWorkflowRuns(env, at)),
  ],
  "0 2 * * *": [smeBenchmarksCron, agentHealthCronTask, bhiRefreshCronTask],
  "0 3 1 * *": [monthlyReportsCronTask],
};
