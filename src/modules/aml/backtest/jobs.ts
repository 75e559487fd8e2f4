import { loadTenantContext, type TenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { dedupeKey, startOrJoin } from "../../../jobs/dedupe";
import { AML_BACKTEST_JOB, type AmlBacktestMessage, jobs } from "../../../jobs/messages";
import { isInputError, notFound } from "../../../lib/errors";
import { putTenantObject } from "../../usage/objects/service";
import { type BacktestInput, backtest, ENTITIES_PER_RANGE, validateBacktest } from "./service";

// Large backtests run on JOBS_QUEUE. The request and, later, the result live in one R2
// document under the tenant's prefix; the message carries ids only.

const objectKey = (tenantId: string, backtestId: string) =>
  `tenants/${tenantId}/aml/backtests/${backtestId}.json`;

type Status = "queued" | "succeeded" | "failed";
interface BacktestDocument {
  backtestId: string;
  status: Status;
  input: BacktestInput;
  createdAt: string;
  completedAt?: string;
  backtest?: unknown;
  error?: string;
}

const put = (env: Env, tenantId: string, doc: BacktestDocument) =>
  putTenantObject(env, tenantId, objectKey(tenantId, doc.backtestId), JSON.stringify(doc), {
    httpMetadata: { contentType: "application/json" },
  });

const queued = (doc: BacktestDocument) => ({
  backtestId: doc.backtestId,
  status: "queued" as const,
  createdAt: doc.createdAt,
});

/**
 * Queues a backtest, or joins an identical one (same input) still queued or running: the
 * answer is then that run's id, with `joined: true` (docs/decisions/fairness.md#dedupe).
 */
export async function queueBacktest(ctx: TenantContext, input: BacktestInput) {
  validateBacktest(ctx, input); // bad input is a 400 now, not a failed job later
  const key = await dedupeKey(AML_BACKTEST_JOB, input);
  const { joined, job } = await startOrJoin(
    ctx.env,
    { tenantId: ctx.tenantId, key, now: ctx.clock.now() },
    async (backtestId) => {
      const object = await ctx.env.FILES.get(objectKey(ctx.tenantId, backtestId));
      const doc = object ? ((await object.json()) as BacktestDocument) : undefined;
      return doc?.status === "queued" ? queued(doc) : undefined;
    },
    async (backtestId) => {
      const doc: BacktestDocument = {
        backtestId,
        status: "queued",
        input,
        createdAt: ctx.clock.now().toISOString(),
      };
      await put(ctx.env, ctx.tenantId, doc);
      await ctx.env.JOBS_QUEUE.send(jobs.amlBacktest(ctx.tenantId, doc.backtestId));
      return queued(doc);
    },
  );
  return { ...job, joined };
}

export async function getBacktestRun(ctx: TenantContext, backtestId: string) {
  const object = await ctx.env.FILES.get(objectKey(ctx.tenantId, backtestId));
  if (!object) throw notFound("Backtest");
  const doc = (await object.json()) as BacktestDocument;
  return {
    backtestId: doc.backtestId,
    status: doc.status,
    createdAt: doc.createdAt,
    completedAt: doc.completedAt ?? null,
    ...(doc.backtest ? { backtest: doc.backtest } : {}),
    error: doc.error ?? null,
  };
}

/** Job handler; idempotent under redelivery (a finished document is left alone). */
export async function runBacktestJob(env: Env, message: AmlBacktestMessage): Promise<void> {
  const { backtestId } = message;
  const object = await env.FILES.get(objectKey(message.tenantId, backtestId));
  if (!object) return;
  const doc = (await object.json()) as BacktestDocument;
  if (doc.status !== "queued") return;
  const ctx = await loadTenantContext(env, message.tenantId, `job:${AML_BACKTEST_JOB}:${backtestId}`);
  try {
    const result = await backtest(ctx, doc.input, { rangeSize: ENTITIES_PER_RANGE });
    await put(env, message.tenantId, {
      ...doc,
      status: "succeeded",
      backtest: result,
      completedAt: ctx.clock.now().toISOString(),
    });
  } catch (error) {
    if (!isInputError(error)) throw error;
    await put(env, message.tenantId, {
      ...doc,
      status: "failed",
      error: error.message,
      completedAt: ctx.clock.now().toISOString(),
    });
  }
}
