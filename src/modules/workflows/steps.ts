import type { TenantContext } from "../../db/tenant-context";
import { AppError } from "../../lib/errors";
import { calculateFromDb, getJob, listRecords } from "../bhi/service";
import { workflowScreening } from "../monitoring/on-demand/service";
import { generateForRecords } from "../nba/service";
import { bhiReport } from "../reports/service";
import type { StepAction } from "./domain/catalog";

export interface StepInput {
  ctx: TenantContext;
  input: { customerId?: string };
  config: Record<string, unknown>;
  /** What the step left the previous time when it spans several queue messages. */
  state: Record<string, unknown> | null;
}

export type StepOutcome =
  | { done: true; output: Record<string, unknown> }
  | { done: false; state: Record<string, unknown>; output: Record<string, unknown>; delaySeconds?: number };

export type StepFn = (step: StepInput) => Promise<StepOutcome>;

/** How much one queue message does before the step continues in the next (tests lower them). */
export const STEP_LIMITS = {
  /** Seconds between checks of a background BHI job the bhi-refresh run waits for. */
  bhiJobPollSeconds: 30,
  /** Declining customers given NBA per message (pages of 100, one cash-flow query each). */
  nbaPerMessage: 1_000,
  nbaPage: 100,
  /** PDF reports rendered per message (CPU-bound: kept small). */
  reportsPerMessage: 50,
  reportPage: 25,
};

const num = (v: unknown) => (typeof v === "number" ? v : 0);

function requireCustomer(input: StepInput["input"]): string {
  if (!input.customerId) throw new AppError("bad_request", "This workflow needs input.customerId");
  return input.customerId;
}

const bhiCalculate: StepFn = async ({ ctx, input, state }) => {
  if (typeof state?.jobId === "string") {
    const job = await getJob(ctx, state.jobId);
    if (job.status === "failed")
      throw new AppError("internal", `BHI job ${job.id} failed: ${job.error ?? "unknown"}`);
    if (job.status !== "succeeded")
      return {
        done: false,
        state,
        output: { jobId: job.id, processed: job.processed },
        delaySeconds: STEP_LIMITS.bhiJobPollSeconds,
      };
    return {
      done: true,
      output: {
        jobId: job.id,
        total: job.total,
        successful: job.successful,
        failed: job.failed,
        alertCount: job.alertCount,
      },
    };
  }
  const result = await calculateFromDb(
    ctx,
    input.customerId ? { customerId: input.customerId } : { includeDetails: false },
  );
  if (result.kind === "queued")
    return {
      done: false,
      state: { jobId: result.job.id },
      output: { jobId: result.job.id },
      delaySeconds: STEP_LIMITS.bhiJobPollSeconds,
    };
  const { successful, failed, alertCount } = result.outcome;
  return { done: true, output: { total: result.total, successful, failed, alertCount } };
};

const nbaDeclining: StepFn = async ({ ctx, input, state }) => {
  if (input.customerId) {
    const { data } = await listRecords(
      ctx,
      { customerId: input.customerId, isLatest: true, trend: "declining" },
      { limit: 1, offset: 0 },
    );
    const { results, eventsRecorded } = await generateForRecords(ctx, data);
    return {
      done: true,
      output: {
        declining: data.length,
        customers: results.length,
        actions: results.reduce((n, r) => n + r.actions.length, 0),
        eventsRecorded,
      },
    };
  }
  let offset = num(state?.offset);
  let customers = num(state?.customers);
  let actions = num(state?.actions);
  let eventsRecorded = num(state?.eventsRecorded);
  let total = num(state?.declining);
  const NBA_PAGE = Math.min(STEP_LIMITS.nbaPage, STEP_LIMITS.nbaPerMessage);
  for (let handled = 0; handled < STEP_LIMITS.nbaPerMessage; ) {
    const page = await listRecords(ctx, { isLatest: true, trend: "declining" }, { limit: NBA_PAGE, offset });
    total = page.page.total;
    const out = await generateForRecords(ctx, page.data);
    customers += out.results.length;
    actions += out.results.reduce((n, r) => n + r.actions.length, 0);
    eventsRecorded += out.eventsRecorded;
    offset += page.data.length;
    handled += page.data.length;
    if (page.data.length < NBA_PAGE || offset >= total) {
      return { done: true, output: { declining: total, customers, actions, eventsRecorded } };
    }
  }
  const progress = { offset, customers, actions, eventsRecorded, declining: total };
  return { done: false, state: progress, output: progress };
};

const fraudEvaluate: StepFn = async ({ ctx, input, config }) => {
  const customerId = requireCustomer(input);
  const result = await workflowScreening.fraud(ctx, {
    entityType: "customer",
    entityId: customerId,
    windowDays: num(config.windowDays) || 30,
    createCaseThreshold: num(config.createCaseThreshold) || 30,
    autoCreateCase: true,
  });
  return {
    done: true,
    output: {
      alertId: result.alert.alertId,
      overallScore: result.alert.overallScore,
      severity: result.alert.severity,
      caseId: result.case?.id ?? null,
      caseCreated: result.caseCreated,
    },
  };
};

const amlDryRun: StepFn = async ({ ctx, input, config }) => {
  const customerId = requireCustomer(input);
  const result = await workflowScreening.amlDryRun(ctx, {
    entityType: "customer",
    entityId: customerId,
    windowDays: num(config.windowDays) || 30,
  });
  return {
    done: true,
    output: {
      correlationId: result.correlationId,
      totalTriggered: result.totalTriggered,
      highestRiskLevel: result.highestRiskLevel,
      triggeredRuleIds: result.triggeredRules.filter((r) => r.triggered).map((r) => r.ruleId),
    },
  };
};

async function reportFor(ctx: TenantContext, customerId: string): Promise<"generated" | "reused"> {
  const doc = await bhiReport(ctx, customerId, "pdf");
  if (doc.body instanceof ReadableStream) await doc.body.cancel();
  return doc.cache === "miss" ? "generated" : "reused";
}

const pdfReports: StepFn = async ({ ctx, input, state }) => {
  if (input.customerId) {
    const outcome = await reportFor(ctx, input.customerId);
    return {
      done: true,
      output: {
        customers: 1,
        generated: outcome === "generated" ? 1 : 0,
        reused: outcome === "reused" ? 1 : 0,
      },
    };
  }
  let offset = num(state?.offset);
  let generated = num(state?.generated);
  let reused = num(state?.reused);
  let total = num(state?.customers);
  const REPORT_PAGE = Math.min(STEP_LIMITS.reportPage, STEP_LIMITS.reportsPerMessage);
  for (let handled = 0; handled < STEP_LIMITS.reportsPerMessage; ) {
    const page = await listRecords(ctx, { isLatest: true }, { limit: REPORT_PAGE, offset });
    total = page.page.total;
    for (const record of page.data) {
      if ((await reportFor(ctx, record.customerId)) === "generated") generated++;
      else reused++;
    }
    offset += page.data.length;
    handled += page.data.length;
    if (page.data.length < REPORT_PAGE || offset >= total)
      return { done: true, output: { customers: total, generated, reused } };
  }
  const progress = { offset, generated, reused, customers: total };
  return { done: false, state: progress, output: progress };
};

export const STEP_FUNCTIONS: Readonly<Record<StepAction, StepFn>> = {
  "bhi.calculate": bhiCalculate,
  "nba.generate_declining": nbaDeclining,
  "fraud.evaluate_and_create": fraudEvaluate,
  "aml.evaluate_dry_run": amlDryRun,
  "reports.generate_pdf": pdfReports,
};
