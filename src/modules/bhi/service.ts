import type { TenantContext } from "../../db/tenant-context";
import { dedupeKey, startOrJoin } from "../../jobs/dedupe";
import { BHI_CALCULATE_JOB, jobs } from "../../jobs/messages";
import { badRequest, notFound } from "../../lib/errors";
import { presentPage } from "../../lib/pagination";
import { getCustomer } from "../data/service";
import { type RunOutcome, runCalculation } from "./calculation/service";
import { normaliseWeights, type Weights, weightProblems } from "./domain/weights";
import { presentHistory, presentRecord } from "./present";
import * as repo from "./repo";

/** Above this many customers an all-customers run goes to the jobs queue (202). */
export const SYNC_CUSTOMER_LIMIT = 10_000;
/** Customers per queue message of a background run. */
export const JOB_SLICE = 5_000;

export interface CalculateInput {
  customerId?: string;
  customerIds?: string[];
  weights?: Partial<Weights>;
  includeDetails?: boolean;
}

export type CalculateOutcome =
  | { kind: "done"; outcome: RunOutcome; total: number }
  | { kind: "queued"; job: NonNullable<Awaited<ReturnType<typeof repo.findJob>>>; joined: boolean };

export function resolveWeights(given?: Partial<Weights>): Weights {
  if (!given) return normaliseWeights();
  const problems = weightProblems(given);
  if (problems.length) throw badRequest("Invalid weights", problems);
  return normaliseWeights(given);
}

export async function calculateFromDb(ctx: TenantContext, input: CalculateInput): Promise<CalculateOutcome> {
  const weights = resolveWeights(input.weights);
  const named = [...new Set([...(input.customerId ? [input.customerId] : []), ...(input.customerIds ?? [])])];
  if (named.length) {
    const found = new Set((await repo.customersOf(ctx, { kind: "ids", ids: named })).map((c) => c.id));
    const outcome = await runCalculation(
      ctx,
      { kind: "ids", ids: named.filter((id) => found.has(id)) },
      weights,
      {
        details: input.includeDetails ?? true,
        missingIds: named.filter((id) => !found.has(id)),
      },
    );
    return { kind: "done", outcome, total: named.length };
  }
  const total = await repo.countCustomers(ctx);
  if (total > SYNC_CUSTOMER_LIMIT) return { kind: "queued", ...(await startOrJoinJob(ctx, weights, total)) };
  const outcome = await runCalculation(ctx, { kind: "all" }, weights, {
    details: input.includeDetails ?? false,
  });
  return { kind: "done", outcome, total: outcome.results.length };
}

/**
 * An all-customers run with the same weights while one is pending or running joins it
 * (docs/decisions/fairness.md#dedupe): a second refresh would recompute the same records.
 */
async function startOrJoinJob(ctx: TenantContext, weights: Weights, total: number) {
  const key = await dedupeKey(BHI_CALCULATE_JOB, { weights });
  return startOrJoin(
    ctx.env,
    { tenantId: ctx.tenantId, key, now: ctx.clock.now() },
    async (jobId) => {
      const job = await repo.findJob(ctx, jobId);
      return job && (job.status === "pending" || job.status === "running") ? job : undefined;
    },
    (jobId) => startJob(ctx, jobId, weights, total),
  );
}

async function startJob(ctx: TenantContext, id: string, weights: Weights, total: number) {
  const now = ctx.clock.now().toISOString();
  const job = {
    id,
    tenantId: ctx.tenantId,
    status: "pending" as const,
    weights,
    total,
    processed: 0,
    successful: 0,
    failed: 0,
    alertCount: 0,
    cursor: null,
    error: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
  await repo.insertJob(ctx, job);
  await ctx.env.JOBS_QUEUE.send(jobs.bhiCalculate(ctx.tenantId, job.id));
  return job;
}

/**
 * One slice of a background run: the next JOB_SLICE customers after the job's cursor, then
 * the next message. A redelivered message recomputes its slice (new records, same data):
 * history gains a duplicate point, nothing is lost.
 */
export async function runJobSlice(ctx: TenantContext, jobId: string): Promise<void> {
  const job = await repo.findJob(ctx, jobId);
  if (!job || job.status === "succeeded" || job.status === "failed") return;
  const slice = await repo.customersOf(
    ctx,
    { kind: "range", afterId: job.cursor, throughId: "\uffff" },
    JOB_SLICE,
  );
  const now = () => ctx.clock.now().toISOString();
  if (slice.length === 0) {
    await repo.updateJob(ctx, jobId, { status: "succeeded", updatedAt: now(), completedAt: now() });
    return;
  }
  const throughId = slice[slice.length - 1].id;
  const outcome = await runCalculation(
    ctx,
    { kind: "range", afterId: job.cursor, throughId },
    normaliseWeights(job.weights as Weights),
    { details: false },
  );
  const done = slice.length < JOB_SLICE;
  await repo.updateJob(ctx, jobId, {
    status: done ? "succeeded" : "running",
    processed: job.processed + outcome.results.length,
    successful: job.successful + outcome.successful,
    failed: job.failed + outcome.failed,
    alertCount: job.alertCount + outcome.alertCount,
    cursor: throughId,
    updatedAt: now(),
    completedAt: done ? now() : null,
  });
  if (!done) await ctx.env.JOBS_QUEUE.send(jobs.bhiCalculate(ctx.tenantId, jobId));
}

export async function getJob(ctx: TenantContext, jobId: string) {
  const job = await repo.findJob(ctx, jobId);
  if (!job) throw notFound("BHI job");
  return presentJob(job);
}

export function presentJob(job: NonNullable<Awaited<ReturnType<typeof repo.findJob>>>) {
  return {
    id: job.id,
    status: job.status,
    total: job.total,
    processed: job.processed,
    successful: job.successful,
    failed: job.failed,
    alertCount: job.alertCount,
    error: job.error,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    completedAt: job.completedAt,
  };
}

export async function getLatest(ctx: TenantContext, customerId: string) {
  await getCustomer(ctx, customerId);
  const row = await repo.findLatest(ctx, customerId);
  if (!row) throw notFound("BHI record");
  return row;
}

/** Latest records of several customers (one statement), presented, keyed by customer id. */
export async function latestRecordsOf(ctx: TenantContext, customerIds: readonly string[]) {
  const rows = await repo.findLatestOf(ctx, customerIds);
  return new Map(rows.map((row) => [row.customerId, presentRecord(row)]));
}

export async function listRecords(ctx: TenantContext, filter: repo.RecordFilter, page: repo.Page) {
  return presentPage(await repo.listRecords(ctx, filter, page), (r) => presentRecord(r));
}

export async function getHistory(ctx: TenantContext, customerId: string, page: repo.Page) {
  await getCustomer(ctx, customerId);
  const { data, page: found } = presentPage(await repo.history(ctx, customerId, page), presentHistory);
  return { history: data, page: found };
}

export async function getSummary(ctx: TenantContext) {
  const s = await repo.summary(ctx);
  return {
    totalCustomers: s.total,
    averageBhi: s.average === null ? 0 : Math.round(s.average * 100) / 100,
    byBand: { excellent: s.excellent, good: s.good, fair: s.fair, poor: s.poor, critical: s.critical },
    byTrend: { improving: s.improving, stable: s.stable, declining: s.declining, volatile: s.volatile },
    alertCount: s.alerts,
  };
}
