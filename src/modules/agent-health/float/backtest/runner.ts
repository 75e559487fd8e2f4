import type { TenantContext } from "../../../../db/tenant-context";
import type { Env } from "../../../../env";
import { jobs } from "../../../../jobs/messages";
import { r2RunIo, type SteppedRun, saveAndSend } from "../../../../jobs/stepped-run";
import { notFound } from "../../../../lib/errors";
import { putTenantObject } from "../../../usage/objects/service";
import { type BacktestTally, emptyTally, OUTCOME_HOURS, summariseTally } from "../domain/backtest";
import { DEFAULT_PATHS } from "../domain/forecast";
import { type TenantPool, tenantPoolAt } from "../forecast/service";
import * as repo from "./repo";
import { cutsOf, type FloatBacktestInput, SLICE_AGENTS, scoreSlice, validateInput } from "./service";

/**
 * The float backtest's run document (R2, under the tenant's prefix): the frozen input, the
 * cursor (cut, last agent done), the running tally. A queued run advances one step per message
 * and a message acts only when its `step` is the document's, so a redelivery never counts a
 * slice twice. The run writes nothing else.
 */
const objectKey = (tenantId: string, id: string) =>
  `tenants/${tenantId}/agent-health/float-backtests/${id}.json`;

/**
 * A step's budget, and a synchronous run's limit: at most this many forecasts and cuts. Each cut
 * costs set-based reads over 8 weeks of the slice's transactions whatever its size, so cuts are
 * bounded too (measured: the demo's 80 agents x 36 cuts took 40 s in one request, on a loaded
 * machine, before this bound; bench/float-backtest.mjs).
 */
export const STEP_BUDGET = { forecasts: 2_500, slices: 8 };

interface CutRow {
  cut: string;
  forecasts: number;
  atRisk: number;
  atRiskCovered: number;
}
/** The run's step, status and `sent` follow src/jobs/stepped-run.ts. */
interface RunDocument extends SteppedRun {
  createdAt: string;
  input: FloatBacktestInput;
  cuts: string[];
  agents: number;
  cursor: { cut: number; afterId: string | null; slicesDone: number };
  /** The tenant's typical agent at the current cut (computed once per cut). */
  pool: { cut: number; value: TenantPool } | null;
  tally: BacktestTally;
  perCut: CutRow[];
}

/** The run's document in FILES and its step messages on JOBS_QUEUE. */
export const runIo = (env: Env) =>
  r2RunIo<RunDocument>(env, objectKey, jobs.floatBacktest, (tenantId, key, body, options) =>
    putTenantObject(env, tenantId, key, body, options),
  );

export const done = (doc: RunDocument) => doc.cursor.cut >= doc.cuts.length;

/** Scores slices until the run is done or the budget is spent (a slice runs whole). */
export async function advance(ctx: TenantContext, doc: RunDocument, budget = STEP_BUDGET) {
  let forecasts = 0;
  let slices = 0;
  while (!done(doc) && forecasts < budget.forecasts && slices < budget.slices) {
    slices++;
    const c = doc.cursor;
    const cut = doc.cuts[c.cut];
    if (doc.pool?.cut !== c.cut) doc.pool = { cut: c.cut, value: await tenantPoolAt(ctx, new Date(cut)) };
    const slice = await scoreSlice(ctx, doc.tally, cut, c.afterId, doc.pool.value);
    forecasts += Math.max(1, slice.agents);
    let row = doc.perCut.find((r) => r.cut === cut);
    if (!row) {
      row = { cut, forecasts: 0, atRisk: 0, atRiskCovered: 0 };
      doc.perCut.push(row);
    }
    row.forecasts += slice.scored;
    row.atRisk += slice.atRisk;
    row.atRiskCovered += slice.atRiskCovered;
    if (slice.agents > 0) c.slicesDone++;
    if (slice.through === null || slice.agents < SLICE_AGENTS) {
      c.cut++;
      c.afterId = null;
    } else c.afterId = slice.through;
  }
}

export function finish(ctx: TenantContext, doc: RunDocument) {
  doc.status = "succeeded";
  doc.completedAt = ctx.clock.now().toISOString();
  doc.pool = null;
}

const slicesPerCut = (doc: RunDocument) => Math.max(1, Math.ceil(doc.agents / SLICE_AGENTS));

function present(doc: RunDocument) {
  const estimated = Math.max(doc.cuts.length * slicesPerCut(doc), doc.cursor.slicesDone);
  return {
    backtestId: doc.backtestId,
    status: doc.status,
    createdAt: doc.createdAt,
    completedAt: doc.completedAt,
    progress: {
      cuts: doc.cuts.length,
      cutsDone: Math.min(doc.cursor.cut, doc.cuts.length),
      agents: doc.agents,
      slicesDone: doc.cursor.slicesDone,
      slicesEstimated: estimated,
      percent:
        doc.status === "succeeded"
          ? 100
          : Math.min(99, Math.floor((doc.cursor.slicesDone * 100) / estimated)),
    },
    backtest:
      doc.status === "succeeded"
        ? {
            ...doc.input,
            method: "monte_carlo_hour_of_week" as const,
            horizonHours: OUTCOME_HOURS,
            paths: DEFAULT_PATHS,
            cuts: doc.cuts.length,
            firstCut: doc.cuts[0] ?? null,
            lastCut: doc.cuts[doc.cuts.length - 1] ?? null,
            ...summariseTally(doc.tally),
            perCut: doc.perCut,
          }
        : null,
    error: doc.error,
  };
}

/** Validates and runs a backtest: in the request when small, else queued (202 with an id). */
export async function startFloatBacktest(
  ctx: TenantContext,
  body: { to?: string; weeks: number; cutEveryHours: number },
  options: { queue?: boolean } = {},
) {
  const input = validateInput(ctx, body);
  const cuts = cutsOf(input);
  const agents = await repo.countAgents(ctx);
  const doc: RunDocument = {
    backtestId: crypto.randomUUID(),
    status: "queued",
    createdAt: ctx.clock.now().toISOString(),
    completedAt: null,
    error: null,
    input,
    cuts,
    agents,
    step: 0,
    sent: false,
    cursor: { cut: 0, afterId: null, slicesDone: 0 },
    pool: null,
    tally: emptyTally(),
    perCut: [],
  };
  const fits = cuts.length * agents <= STEP_BUDGET.forecasts && cuts.length <= STEP_BUDGET.slices;
  if (!options.queue && fits) {
    await advance(ctx, doc);
    finish(ctx, doc);
    await runIo(ctx.env).put(ctx.tenantId, doc);
    return { queued: false as const, run: present(doc) };
  }
  await saveAndSend(runIo(ctx.env), ctx.tenantId, doc);
  return { queued: true as const, run: present(doc) };
}

export async function getFloatBacktest(ctx: TenantContext, backtestId: string) {
  const doc = await runIo(ctx.env).load(ctx.tenantId, backtestId);
  if (!doc) throw notFound("Backtest");
  return present(doc);
}
