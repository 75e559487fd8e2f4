import type { TenantContext } from "../../../db/tenant-context";
import { fromMinor } from "../../../lib/money";
import { quantile } from "../../../lib/normal";
import { round1, round2 } from "../../../lib/numbers";
import { getCustomer } from "../../data/service";
import { lastCompleteMonth, monthLabel } from "../domain/months";
import {
  depletionProbability,
  expectedRunway,
  type FlowStats,
  meanAndSd,
  RUNWAY_HORIZON_MONTHS,
  type RunwayStatus,
  runwayQuantile,
  runwayStatus,
} from "../domain/runway";
import * as repo from "../repo";

/** Complete months of net flow a runway is estimated from. */
export const RUNWAY_WINDOW_MONTHS = 6;
/** Customers per runway statement (portfolio). */
export const RUNWAY_SLICE = 5_000;

const months = (x: number | null) => (x === null ? null : round1(x));

// ---- runway ------------------------------------------------------------------------------

const QUANTILES = { p10: 0.1, p50: 0.5, p90: 0.9 } as const;

function runwayView(s: FlowStats) {
  const [p10, p50, p90] = [QUANTILES.p10, QUANTILES.p50, QUANTILES.p90].map((p) =>
    months(runwayQuantile(s, p)),
  );
  return {
    status: runwayStatus(s),
    expectedMonths: months(expectedRunway(s)),
    p10Months: p10,
    p50Months: p50,
    p90Months: p90,
    confidenceInterval: { level: 0.8, lowerMonths: p10, upperMonths: p90 },
    depletionProbability: {
      within3Months: round2(depletionProbability(s, 3)),
      within6Months: round2(depletionProbability(s, 6)),
      within12Months: round2(depletionProbability(s, 12)),
    },
  };
}

export async function getCustomerRunway(ctx: TenantContext, customerId: string) {
  await getCustomer(ctx, customerId);
  const last = lastCompleteMonth(ctx.clock.now());
  const from = last - RUNWAY_WINDOW_MONTHS + 1;
  const flows = await repo.customerFlows(ctx, customerId, from, last);
  const byMonth = new Map(flows.months.map((r) => [r.m, r]));
  const series = Array.from({ length: RUNWAY_WINDOW_MONTHS }, (_, k) => {
    const r = byMonth.get(from + k);
    return { m: from + k, net: r?.net ?? 0, inflow: r?.inflow ?? 0, outflow: r?.outflow ?? 0 };
  });
  const { mean, sd } = meanAndSd(series.map((r) => r.net));
  const stats: FlowStats = { balanceMinor: flows.balanceMinor, meanNetMinor: mean, sdNetMinor: sd };
  return {
    customerId,
    currency: ctx.tenant.settings.currency,
    balance: fromMinor(stats.balanceMinor),
    averageMonthlyNetFlow: fromMinor(mean),
    monthlyNetFlowStdDev: fromMinor(sd),
    averageMonthlyBurn: fromMinor(mean < 0 ? -mean : 0),
    ...runwayView(stats),
    horizonMonths: RUNWAY_HORIZON_MONTHS,
    windowMonths: RUNWAY_WINDOW_MONTHS,
    monthlyNetFlows: series.map((r) => ({
      month: monthLabel(r.m),
      inflow: fromMinor(r.inflow),
      outflow: fromMinor(r.outflow),
      netFlow: fromMinor(r.net),
    })),
    method: "first-passage (inverse Gaussian) approximation of the balance under a normal monthly net flow",
  };
}

export async function getPortfolioRunway(ctx: TenantContext) {
  const last = lastCompleteMonth(ctx.clock.now());
  const from = last - RUNWAY_WINDOW_MONTHS + 1;
  const n = RUNWAY_WINDOW_MONTHS;
  const counts: Record<RunwayStatus, number> = {
    depleted: 0,
    critical: 0,
    warning: 0,
    watch: 0,
    stable: 0,
    not_burning: 0,
  };
  const expected = { within3: [0, 0], within6: [0, 0], within12: [0, 0] } as Record<string, [number, number]>;
  const runways: number[] = [];
  let balanceAtRiskMinor = 0;
  let analysed = 0;
  const bounds = await repo.customerSliceBounds(ctx, RUNWAY_SLICE);
  let after = "";
  for (const through of bounds) {
    for (const r of await repo.sliceFlowStats(ctx, after, through, from, last)) {
      const mean = r.net_sum / n;
      const sd = Math.sqrt(Math.max(0, (r.net_sq - n * mean * mean) / (n - 1)));
      const s: FlowStats = { balanceMinor: r.balance, meanNetMinor: mean, sdNetMinor: sd };
      const status = runwayStatus(s);
      counts[status]++;
      analysed++;
      const e = expectedRunway(s);
      if (e !== null) runways.push(e);
      if (status === "critical" || status === "depleted") balanceAtRiskMinor += Math.max(0, r.balance);
      for (const [key, t] of [
        ["within3", 3],
        ["within6", 6],
        ["within12", 12],
      ] as const) {
        const p = depletionProbability(s, t);
        expected[key][0] += p;
        expected[key][1] += p * (1 - p);
      }
    }
    after = through;
  }
  runways.sort((a, b) => a - b);
  const z = quantile(0.9);
  const projection = (key: string) => {
    const [mean, variance] = expected[key];
    const half = z * Math.sqrt(variance);
    return { expected: round1(mean), lower: round1(Math.max(0, mean - half)), upper: round1(mean + half) };
  };
  const pick = (q: number) =>
    runways.length ? round1(runways[Math.min(runways.length - 1, Math.floor(q * runways.length))]) : null;
  return {
    currency: ctx.tenant.settings.currency,
    customersAnalysed: analysed,
    byStatus: {
      depleted: counts.depleted,
      critical: counts.critical,
      warning: counts.warning,
      watch: counts.watch,
      stable: counts.stable,
      notBurning: counts.not_burning,
    },
    under3Months: counts.depleted + counts.critical,
    under6Months: counts.depleted + counts.critical + counts.warning,
    under12Months: counts.depleted + counts.critical + counts.warning + counts.watch,
    balanceAtRisk: fromMinor(balanceAtRiskMinor),
    expectedRunwayMonths: { p10: pick(0.1), p50: pick(0.5), p90: pick(0.9) },
    projectedDepletions: {
      confidenceLevel: 0.8,
      within3Months: projection("within3"),
      within6Months: projection("within6"),
      within12Months: projection("within12"),
    },
    windowMonths: RUNWAY_WINDOW_MONTHS,
  };
}
