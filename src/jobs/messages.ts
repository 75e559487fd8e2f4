/**
 * The job contract: queue names and every message the Worker's queues carry. This file imports
 * nothing of ours, so env.ts, producers and handlers all use it without an import cycle.
 * Messages carry ids only, never payloads (a queue message may be at most 128 KB).
 */

/** The names in wrangler.toml; the queue() entry dispatches on them. */
export const QUEUE_NAMES = {
  jobs: "credit-ops-jobs",
  jobsDeadLetter: "credit-ops-jobs-dlq",
  webhooks: "credit-ops-webhooks",
  webhooksDeadLetter: "credit-ops-webhooks-dlq",
  /** outbox.dispatch only: the webhook fan-out never waits behind heavy jobs (docs/decisions/fairness.md). */
  outbox: "credit-ops-outbox",
  outboxDeadLetter: "credit-ops-outbox-dlq",
} as const;

export const SYNC_CONTINUE_JOB = "ingest.sync.continue";
export const AML_BACKTEST_JOB = "aml.backtest";
export const RULES_BACKTEST_JOB = "rules.backtest";
export const BHI_CALCULATE_JOB = "bhi.calculate";
export const SME_BENCHMARKS_JOB = "sme.benchmarks";
export const AGENT_HEALTH_REFRESH_JOB = "agent-health.refresh";
export const OUTBOX_DISPATCH_JOB = "outbox.dispatch";
export const WORKFLOW_RUN_JOB = "workflow.run";
export const WORKFLOW_START_JOB = "workflow.start";
export const MONITORING_SCREEN_JOB = "monitoring.screen";
export const MONITORING_RUN_JOB = "monitoring.run";
export const MONITORING_NETWORK_JOB = "monitoring.network";
export const MONITORING_RESCREEN_JOB = "monitoring.rescreen";
export const GOAML_CTR_JOB = "goaml.ctr";
export const LENDING_REFRESH_JOB = "lending.refresh";
export const FLOAT_BACKTEST_JOB = "agent-health.float-backtest";
export const FLOWS_BACKFILL_JOB = "flows.backfill";
export const TENANT_MOVE_JOB = "tenant.move";
export const TENANT_EXPORT_JOB = "tenant.export";
export const TENANT_DELETE_JOB = "tenant.delete";
export const CUSTOMER_ERASURE_JOB = "customer.erasure";
export const USAGE_MEASURE_JOB = "usage.measure";
export const OBJECT_RECOUNT_JOB = "usage.object-recount";
export const SANCTIONS_SCREEN_JOB = "sanctions.screen";

/** The next step of a connector sync run. */
export interface SyncContinueMessage {
  type: typeof SYNC_CONTINUE_JOB;
  tenantId: string;
  runId: string;
}
/** A large AML backtest; request and result live in R2 under the tenant's prefix. */
export interface AmlBacktestMessage {
  type: typeof AML_BACKTEST_JOB;
  tenantId: string;
  backtestId: string;
}
/** The next step of a queued rule-set backtest; `step` must match the run document's. */
export interface RulesBacktestMessage {
  type: typeof RULES_BACKTEST_JOB;
  tenantId: string;
  backtestId: string;
  step: number;
}
/** The next step of a queued float backtest; `step` must match the run document's. */
export interface FloatBacktestMessage {
  type: typeof FLOAT_BACKTEST_JOB;
  tenantId: string;
  backtestId: string;
  step: number;
}
/** The next slice of a large BHI calculation job. */
export interface BhiCalculateMessage {
  type: typeof BHI_CALCULATE_JOB;
  tenantId: string;
  jobId: string;
}
/** Refresh one window's SME benchmark snapshot, or with `all` (the daily cron) every window in use. */
export interface SmeBenchmarksMessage {
  type: typeof SME_BENCHMARKS_JOB;
  tenantId: string;
  windowDays?: number;
  all?: true;
}
/** Recompute the tenant's agent-health snapshots and benchmarks. */
export interface AgentHealthRefreshMessage {
  type: typeof AGENT_HEALTH_REFRESH_JOB;
  tenantId: string;
  /** A run in progress: its time and the last agent id done (both absent: start a run). */
  runComputedAt?: string;
  afterId?: string;
}
/** Announce the tenant's loan bucket changes that time made; write last month's PAR snapshot. */
export interface LendingRefreshMessage {
  type: typeof LENDING_REFRESH_JOB;
  tenantId: string;
}
/**
 * The next step of the tenant's flow backfill `backfillId`; without it (the daily sweep) resume a
 * stalled backfill or start one when transactions lack a flow.
 */
export interface FlowsBackfillMessage {
  type: typeof FLOWS_BACKFILL_JOB;
  tenantId: string;
  backfillId?: string;
}
/** Fan the tenant's undispatched outbox events out to webhook deliveries. */
export interface OutboxDispatchMessage {
  type: typeof OUTBOX_DISPATCH_JOB;
  tenantId: string;
}
/** Execute a stored workflow run; `lease` when the runner hands a run over to itself. */
export interface WorkflowRunMessage {
  type: typeof WORKFLOW_RUN_JOB;
  tenantId: string;
  runId: string;
  lease?: string;
}
/** A cron occurrence of a built-in workflow for one tenant (the trigger key makes it once per period). */
export interface WorkflowStartMessage {
  type: typeof WORKFLOW_START_JOB;
  tenantId: string;
  workflowId: string;
  triggerKey: string;
  triggeredBy: string;
}

/** Screen the tenant's pending entities (monitoring_pending): one message per arrival, debounced by the table. */
export interface MonitoringScreenMessage {
  type: typeof MONITORING_SCREEN_JOB;
  tenantId: string;
}

/** Scan the tenant's network of transfers for schemes, unless nothing arrived since the last scan. */
export interface MonitoringNetworkMessage {
  type: typeof MONITORING_NETWORK_JOB;
  tenantId: string;
}

/** The next step of a portfolio run (scheduled or manual): screen what was pending before it began. */
export interface MonitoringRunMessage {
  type: typeof MONITORING_RUN_JOB;
  tenantId: string;
  runId: string;
}
/** A rule-set version was published: rescreen the population under it (once per kind and version). */
export interface MonitoringRescreenMessage {
  type: typeof MONITORING_RESCREEN_JOB;
  tenantId: string;
  kind: string;
  version: number;
}
/** The tenant's daily goAML CTR for the local day before `at` (the cron's scheduled time). */
export interface GoamlCtrMessage {
  type: typeof GOAML_CTR_JOB;
  tenantId: string;
  at: string;
}

/** The next step of a tenant move; `seq` must match the move row's (a late duplicate does nothing). */
export interface TenantMoveMessage {
  type: typeof TENANT_MOVE_JOB;
  tenantId: string;
  moveId: string;
  seq: number;
}
/** The next turn of a tenant export; `step` must match the export row's (a redelivery does nothing). */
export interface TenantExportMessage {
  type: typeof TENANT_EXPORT_JOB;
  tenantId: string;
  exportId: string;
  step: number;
}
/** The next turn of a deleted tenant's data removal; `step` must match the tombstone's. */
export interface TenantDeleteMessage {
  type: typeof TENANT_DELETE_JOB;
  tenantId: string;
  step: number;
}
/** The next turn of a data-subject erasure; `step` must match the erasure row's. */
export interface CustomerErasureMessage {
  type: typeof CUSTOMER_ERASURE_JOB;
  tenantId: string;
  erasureId: string;
  step: number;
}

/** Count the tenant's measured tables again (storage quotas), unless counted since `requestedAt`. */
export interface UsageMeasureMessage {
  type: typeof USAGE_MEASURE_JOB;
  tenantId: string;
  requestedAt: string;
}

/** The next turn of a recount of the tenant's R2 objects; `step` must match the recount row's. */
export interface ObjectRecountMessage {
  type: typeof OBJECT_RECOUNT_JOB;
  tenantId: string;
  recountId: string;
  step: number;
}

/**
 * A page of the tenant's customers screened against sanctions lists (docs/methodology/sanctions.md):
 * those updated since `since` against every subscribed list (after ingest), or, with `listId` and
 * `version`, every customer against only the entries that version added or changed (a rescreen).
 * `afterId` is where the previous page ended.
 */
export interface SanctionsScreenMessage {
  type: typeof SANCTIONS_SCREEN_JOB;
  tenantId: string;
  since?: string;
  listId?: string;
  version?: number;
  afterId?: string;
}

/** A message on the jobs queue: `type` selects the handler. */
export type JobMessage =
  | SanctionsScreenMessage
  | SyncContinueMessage
  | AmlBacktestMessage
  | RulesBacktestMessage
  | BhiCalculateMessage
  | SmeBenchmarksMessage
  | AgentHealthRefreshMessage
  | OutboxDispatchMessage
  | WorkflowRunMessage
  | WorkflowStartMessage
  | MonitoringScreenMessage
  | MonitoringNetworkMessage
  | MonitoringRunMessage
  | MonitoringRescreenMessage
  | GoamlCtrMessage
  | LendingRefreshMessage
  | FloatBacktestMessage
  | FlowsBackfillMessage
  | TenantMoveMessage
  | TenantExportMessage
  | TenantDeleteMessage
  | CustomerErasureMessage
  | UsageMeasureMessage
  | ObjectRecountMessage;
export type JobType = JobMessage["type"];
export type JobMessageOf<T extends JobType> = Extract<JobMessage, { type: T }>;

/** A message on the webhooks queue. `attempt` is the attempt number it is meant to make. */
export interface DeliveryMessage {
  tenantId: string;
  deliveryId: string;
  attempt: number;
}

/** Producers build messages here, so a field cannot be misspelt or mistyped. */
export const jobs = {
  syncContinue: (tenantId: string, runId: string): SyncContinueMessage => ({
    type: SYNC_CONTINUE_JOB,
    tenantId,
    runId,
  }),
  amlBacktest: (tenantId: string, backtestId: string): AmlBacktestMessage => ({
    type: AML_BACKTEST_JOB,
    tenantId,
    backtestId,
  }),
  rulesBacktest: (tenantId: string, backtestId: string, step: number): RulesBacktestMessage => ({
    type: RULES_BACKTEST_JOB,
    tenantId,
    backtestId,
    step,
  }),
  floatBacktest: (tenantId: string, backtestId: string, step: number): FloatBacktestMessage => ({
    type: FLOAT_BACKTEST_JOB,
    tenantId,
    backtestId,
    step,
  }),
  bhiCalculate: (tenantId: string, jobId: string): BhiCalculateMessage => ({
    type: BHI_CALCULATE_JOB,
    tenantId,
    jobId,
  }),
  smeBenchmarks: (tenantId: string, windowDays: number): SmeBenchmarksMessage => ({
    type: SME_BENCHMARKS_JOB,
    tenantId,
    windowDays,
  }),
  smeBenchmarksAll: (tenantId: string): SmeBenchmarksMessage => ({
    type: SME_BENCHMARKS_JOB,
    tenantId,
    all: true,
  }),
  goamlCtr: (tenantId: string, at: string): GoamlCtrMessage => ({ type: GOAML_CTR_JOB, tenantId, at }),
  agentHealthRefresh: (
    tenantId: string,
    cursor?: { computedAt: string; afterId: string },
  ): AgentHealthRefreshMessage => ({
    type: AGENT_HEALTH_REFRESH_JOB,
    tenantId,
    ...(cursor ? { runComputedAt: cursor.computedAt, afterId: cursor.afterId } : {}),
  }),
  lendingRefresh: (tenantId: string): LendingRefreshMessage => ({ type: LENDING_REFRESH_JOB, tenantId }),
  flowsBackfill: (tenantId: string, backfillId?: string): FlowsBackfillMessage =>
    backfillId === undefined
      ? { type: FLOWS_BACKFILL_JOB, tenantId }
      : { type: FLOWS_BACKFILL_JOB, tenantId, backfillId },
  tenantExport: (tenantId: string, exportId: string, step: number): TenantExportMessage => ({
    type: TENANT_EXPORT_JOB,
    tenantId,
    exportId,
    step,
  }),
  tenantDelete: (tenantId: string, step: number): TenantDeleteMessage => ({
    type: TENANT_DELETE_JOB,
    tenantId,
    step,
  }),
  customerErasure: (tenantId: string, erasureId: string, step: number): CustomerErasureMessage => ({
    type: CUSTOMER_ERASURE_JOB,
    tenantId,
    erasureId,
    step,
  }),
  usageMeasure: (tenantId: string, requestedAt: string): UsageMeasureMessage => ({
    type: USAGE_MEASURE_JOB,
    tenantId,
    requestedAt,
  }),
  sanctionsScreen: (
    tenantId: string,
    at: { since?: string; listId?: string; version?: number; afterId?: string },
  ): SanctionsScreenMessage => ({ type: SANCTIONS_SCREEN_JOB, tenantId, ...at }),
  objectRecount: (tenantId: string, recountId: string, step: number): ObjectRecountMessage => ({
    type: OBJECT_RECOUNT_JOB,
    tenantId,
    recountId,
    step,
  }),
  outboxDispatch: (tenantId: string): OutboxDispatchMessage => ({ type: OUTBOX_DISPATCH_JOB, tenantId }),
  workflowRun: (tenantId: string, runId: string, lease?: string): WorkflowRunMessage =>
    lease === undefined
      ? { type: WORKFLOW_RUN_JOB, tenantId, runId }
      : { type: WORKFLOW_RUN_JOB, tenantId, runId, lease },
  workflowStart: (
    tenantId: string,
    start: { workflowId: string; triggerKey: string; triggeredBy: string },
  ): WorkflowStartMessage => ({ type: WORKFLOW_START_JOB, tenantId, ...start }),
  monitoringNetwork: (tenantId: string): MonitoringNetworkMessage => ({
    type: MONITORING_NETWORK_JOB,
    tenantId,
  }),
  monitoringScreen: (tenantId: string): MonitoringScreenMessage => ({
    type: MONITORING_SCREEN_JOB,
    tenantId,
  }),
  monitoringRun: (tenantId: string, runId: string): MonitoringRunMessage => ({
    type: MONITORING_RUN_JOB,
    tenantId,
    runId,
  }),
  monitoringRescreen: (tenantId: string, kind: string, version: number): MonitoringRescreenMessage => ({
    type: MONITORING_RESCREEN_JOB,
    tenantId,
    kind,
    version,
  }),
  tenantMove: (tenantId: string, moveId: string, seq: number): TenantMoveMessage => ({
    type: TENANT_MOVE_JOB,
    tenantId,
    moveId,
    seq,
  }),
};

// What each field of each message must be; typed, so a new message or field cannot be left out.
type FieldRule = "string" | "string?" | "integer" | "integer?" | "true?";
type FieldRules<M> = { [K in Exclude<keyof M, "type">]-?: FieldRule };
const FIELD_RULES: { [T in JobType]: FieldRules<JobMessageOf<T>> } = {
  [SYNC_CONTINUE_JOB]: { tenantId: "string", runId: "string" },
  [AML_BACKTEST_JOB]: { tenantId: "string", backtestId: "string" },
  [RULES_BACKTEST_JOB]: { tenantId: "string", backtestId: "string", step: "integer" },
  [BHI_CALCULATE_JOB]: { tenantId: "string", jobId: "string" },
  [SME_BENCHMARKS_JOB]: { tenantId: "string", windowDays: "integer?", all: "true?" },
  [AGENT_HEALTH_REFRESH_JOB]: { tenantId: "string", runComputedAt: "string?", afterId: "string?" },
  [OUTBOX_DISPATCH_JOB]: { tenantId: "string" },
  [LENDING_REFRESH_JOB]: { tenantId: "string" },
  [FLOWS_BACKFILL_JOB]: { tenantId: "string", backfillId: "string?" },
  [WORKFLOW_RUN_JOB]: { tenantId: "string", runId: "string", lease: "string?" },
  [WORKFLOW_START_JOB]: {
    tenantId: "string",
    workflowId: "string",
    triggerKey: "string",
    triggeredBy: "string",
  },
  [MONITORING_SCREEN_JOB]: { tenantId: "string" },
  [MONITORING_NETWORK_JOB]: { tenantId: "string" },
  [MONITORING_RUN_JOB]: { tenantId: "string", runId: "string" },
  [MONITORING_RESCREEN_JOB]: { tenantId: "string", kind: "string", version: "integer" },
  [GOAML_CTR_JOB]: { tenantId: "string", at: "string" },
  [FLOAT_BACKTEST_JOB]: { tenantId: "string", backtestId: "string", step: "integer" },
  [TENANT_MOVE_JOB]: { tenantId: "string", moveId: "string", seq: "integer" },
  [TENANT_EXPORT_JOB]: { tenantId: "string", exportId: "string", step: "integer" },
  [TENANT_DELETE_JOB]: { tenantId: "string", step: "integer" },
  [CUSTOMER_ERASURE_JOB]: { tenantId: "string", erasureId: "string", step: "integer" },
  [USAGE_MEASURE_JOB]: { tenantId: "string", requestedAt: "string" },
  [OBJECT_RECOUNT_JOB]: { tenantId: "string", recountId: "string", step: "integer" },
  [SANCTIONS_SCREEN_JOB]: {
    tenantId: "string",
    since: "string?",
    listId: "string?",
    version: "integer?",
    afterId: "string?",
  },
};

const fits = (value: unknown, rule: FieldRule): boolean => {
  if (value === undefined) return rule.endsWith("?");
  if (rule.startsWith("string")) return typeof value === "string";
  if (rule.startsWith("integer")) return Number.isSafeInteger(value);
  return value === true;
};

export const isJobType = (type: unknown): type is JobType =>
  typeof type === "string" && Object.hasOwn(FIELD_RULES, type);

/** The consumer edge: a queue body is a JobMessage only if every field has its declared type. */
export function isJobMessage(body: unknown): body is JobMessage {
  if (typeof body !== "object" || body === null) return false;
  const fields = body as Record<string, unknown>;
  if (!isJobType(fields.type)) return false;
  const rules: Record<string, FieldRule> = FIELD_RULES[fields.type];
  return Object.entries(rules).every(([name, rule]) => fits(fields[name], rule));
}

export function isDeliveryMessage(body: unknown): body is DeliveryMessage {
  const b = body as Partial<DeliveryMessage> | null;
  return (
    typeof b === "object" &&
    b !== null &&
    typeof b.tenantId === "string" &&
    typeof b.deliveryId === "string" &&
    Number.isInteger(b.attempt)
  );
}
