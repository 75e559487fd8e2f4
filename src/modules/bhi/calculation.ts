import type { TenantContext } from "../../db/tenant-context";
import { daysBefore } from "../../lib/clock";
import { uuidV7 } from "../../lib/crypto";
import { notifyOutbox } from "../events/service";
import type { BhiAlert } from "./domain/alerts";
import type { Band } from "./domain/bands";
import { CALCULATION_VERSION, calculateBhi } from "./domain/calculate";
import { hasActivity, WINDOW_DAYS, WINDOW_WEEKS } from "./domain/components";
import type { Weights } from "./domain/weights";
import { presentRecord } from "./present";
import * as repo from "./repo";

/** Customers whose records and events go into one atomic batch. */
const WRITE_GROUP = 1_000;
/** Write batches sent concurrently. */
const WRITES_IN_FLIGHT = 3;

export interface CalculationFailure {
  customerId: string;
  bhi: null;
  alerts: [];
  isSignificantChange: false;
  persisted: false;
  error: { code: string; message: string };
}

export interface RunOutcome {
  results: Array<ReturnType<typeof success> | CalculationFailure>;
  successful: number;
  failed: number;
  byBand: Record<Band, number>;
  alertCount: number;
}

const success = (record: repo.NewRecord & { tenantId: string }, details: boolean) => ({
  customerId: record.customerId,
  bhi: presentRecord({ ...record, isLatest: true }, details),
  alerts: record.alerts as BhiAlert[],
  isSignificantChange: record.isSignificantChange,
  persisted: true as const,
});

const failure = (customerId: string, code: string, message: string): CalculationFailure => ({
  customerId,
  bhi: null,
  alerts: [],
  isSignificantChange: false,
  persisted: false,
  error: { code, message },
});

/**
 * Calculates and stores the BHI of every customer in the target: three aggregate reads
 * (transactions, balances, latest records) and one customer read, whatever the number of
 * customers, then grouped atomic writes. A customer without activity in the window, or
 * whose write group fails, is reported as a failure; the others are kept.
 */
export async function runCalculation(
  ctx: TenantContext,
  target: repo.Target,
  weights: Weights,
  options: { details: boolean; missingIds?: string[] },
): Promise<RunOutcome> {
  const asOf = ctx.clock.now();
  const at = asOf.toISOString();
  const weekStarts = Array.from({ length: WINDOW_WEEKS + 1 }, (_, k) =>
    daysBefore(asOf, 7 * k).toISOString(),
  );
  const t0 = performance.now(); // phase timings for the bench (not business time)
  const [customers, activity, balances, latest] = await Promise.all([
    repo.customersOf(ctx, target),
    repo.activityByCustomer(ctx, target, weekStarts),
    repo.balancesByCustomer(ctx, target),
    repo.latestByCustomer(ctx, target),
  ]);
  const t1 = performance.now();
  const threshold = ctx.tenant.settings.riskAlertThreshold;
  const outcome: RunOutcome = {
    results: [],
    successful: 0,
    failed: 0,
    byBand: { excellent: 0, good: 0, fair: 0, poor: 0, critical: 0 },
    alertCount: 0,
  };
  for (const id of options.missingIds ?? [])
    outcome.results.push(failure(id, "not_found", "Customer not found"));

  const pending: Array<{ record: repo.NewRecord; events: repo.NewEvent[] }> = [];
  for (const { id } of customers) {
    const flows = activity.get(id);
    const balance = balances.get(id) ?? { accountCount: 0, balanceMinor: 0 };
    const input = flows ? { ...flows, ...balance } : undefined;
    if (!input || !hasActivity(input)) {
      outcome.results.push(
        failure(id, "insufficient_data", `No transactions in the last ${WINDOW_DAYS} days to score`),
      );
      continue;
    }
    const prev = latest.get(id);
    const bhi = calculateBhi({
      activity: input,
      weights,
      previous: prev
        ? { overall: prev.overall, band: prev.band as Band, recentScores: prev.recentScores }
        : null,
      riskAlertThreshold: threshold,
    });
    const record: repo.NewRecord = {
      id: uuidV7(asOf),
      customerId: id,
      version: (prev?.version ?? 0) + 1,
      bhiOverall: bhi.overall,
      bhiBand: bhi.band,
      liquidityScore: bhi.scores.liquidity,
      volatilityScore: bhi.scores.volatility,
      revenueStabilityScore: bhi.scores.revenueStability,
      expenseRatioScore: bhi.scores.expenseRatio,
      paymentBehaviorScore: bhi.scores.paymentBehavior,
      trend: bhi.trend,
      previousBhi: bhi.previousBhi,
      bhiChangePercent: bhi.bhiChangePercent,
      isSignificantChange: bhi.isSignificantChange,
      inputMetrics: bhi.inputMetrics,
      alerts: bhi.alerts,
      alertCount: bhi.alerts.length,
      componentWeights: bhi.weights,
      recentScores: bhi.recentScores,
      calculationVersion: bhi.calculationVersion,
      createdAt: at,
    };
    const events: repo.NewEvent[] = [];
    if (bhi.crossedRiskThreshold) {
      events.push({
        id: crypto.randomUUID(),
        type: "customer.risk_alert",
        data: {
          customerId: id,
          bhiOverall: bhi.overall,
          previousBhi: bhi.previousBhi,
          threshold,
          bhiBand: bhi.band,
        },
      });
    }
    pending.push({ record, events });
  }

  const t2 = performance.now();
  let eventsWritten = 0;
  const groups: Array<typeof pending> = [];
  for (let i = 0; i < pending.length; i += WRITE_GROUP) groups.push(pending.slice(i, i + WRITE_GROUP));
  const writeGroup = async (group: typeof pending) => {
    const events = group.flatMap((g) => g.events);
    const statements = repo.writeStatements(
      ctx,
      group.map((g) => g.record),
      events,
      { weights, calculationVersion: CALCULATION_VERSION, at },
    );
    try {
      await repo.writeAtomically(ctx, statements);
      eventsWritten += group.length + events.length;
      for (const { record } of group) {
        outcome.results.push(success({ ...record, tenantId: ctx.tenantId }, options.details));
        outcome.successful++;
        outcome.byBand[record.bhiBand as Band]++;
        outcome.alertCount += record.alertCount;
      }
    } catch (err) {
      // Most likely a concurrent calculation took the same version numbers: nothing of this
      // group was written (the batch is one transaction), so a retry is safe.
      console.error(
        JSON.stringify({
          level: "error",
          msg: "bhi write failed",
          requestId: ctx.requestId,
          err: String(err),
        }),
      );
      for (const { record } of group) {
        outcome.results.push(
          failure(
            record.customerId,
            "write_failed",
            "The record could not be stored (concurrent calculation?); retry",
          ),
        );
      }
    }
  };
  // Groups are disjoint customers, each its own transaction: a few in flight at once overlap
  // the transfer of one with the execution of another.
  for (let i = 0; i < groups.length; i += WRITES_IN_FLIGHT) {
    await Promise.all(groups.slice(i, i + WRITES_IN_FLIGHT).map(writeGroup));
  }
  outcome.failed = outcome.results.length - outcome.successful;
  if (eventsWritten > 0) await notifyOutbox(ctx);
  outcome.results.sort((a, b) => (a.customerId < b.customerId ? -1 : a.customerId > b.customerId ? 1 : 0));
  ctx.instrumentation?.phase("bhi-read", t1 - t0);
  ctx.instrumentation?.phase("bhi-compute", t2 - t1);
  ctx.instrumentation?.phase("bhi-write", performance.now() - t2);
  return outcome;
}
