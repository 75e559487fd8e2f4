import { fromMinor } from "../../../lib/money";
import { round2 } from "../../../lib/numbers";
import { concentrationLevel, hhiFromSums, sharePercent } from "./concentration";
import { monthLabel } from "./months";
import { churnCount, project, projectMonths } from "./what-if";

/** Last month's inflow of a set of customers, summed in SQL (minor units). */
export interface InflowSums {
  /** Customers with inflow. */
  n: number;
  total: number;
  /** Sum of squared inflows (for the HHI). */
  sq: number;
  /** Inflow of the largest customer, and of the ten largest. */
  top1: number;
  top10: number;
}

export interface WhatIfFacts {
  currency: string;
  /** Month index (domain/months.ts) of the last complete month. */
  month: number;
  monthlyGrowthRate: number;
  growthWindowMonths: number;
  horizonMonths: number;
  namedCustomers: number;
  selectedByRate: number;
  churnedCustomers: number;
  /** Every customer with inflow last month, and those left after the churn. */
  baseline: InflowSums;
  remaining: InflowSums;
}

/** How many customers a churn rate selects on top of the named ones (none without a rate). */
export const selectedByRate = (activeCustomers: number, ratePercent: number | undefined): number =>
  ratePercent === undefined ? 0 : churnCount(activeCustomers, ratePercent);

/** One side of the comparison: its concentration and projection, raw and as shown. */
function scenarioView(x: InflowSums, growth: number, horizonMonths: number) {
  const index = hhiFromSums(x.sq, x.total);
  const p = project({ startMrrMinor: x.total, monthlyGrowthRate: growth, horizonMonths });
  return {
    raw: { ...x, hhi: index, ...p },
    view: {
      mrr: fromMinor(x.total),
      activeCustomers: x.n,
      averageInflowPerCustomer: fromMinor(x.n ? x.total / x.n : 0),
      top1SharePercent: sharePercent(x.top1, x.total),
      top10SharePercent: sharePercent(x.top10, x.total),
      hhi: index,
      concentrationLevel: concentrationLevel(index),
      projectedMrrAtHorizon: fromMinor(p.endMrrMinor),
      projectedCumulativeInflow: fromMinor(p.cumulativeInflowMinor),
    },
  };
}

type Raw = ReturnType<typeof scenarioView>["raw"];

/** Scenario minus baseline. */
function deltaOf(baseline: Raw, scenario: Raw) {
  return {
    mrr: fromMinor(scenario.total - baseline.total),
    mrrPercent: baseline.total ? round2(((scenario.total - baseline.total) / baseline.total) * 100) : 0,
    activeCustomers: scenario.n - baseline.n,
    top10SharePercent: round2(
      sharePercent(scenario.top10, scenario.total) - sharePercent(baseline.top10, baseline.total),
    ),
    hhi: scenario.hhi - baseline.hhi,
    projectedMrrAtHorizon: fromMinor(scenario.endMrrMinor - baseline.endMrrMinor),
    projectedCumulativeInflow: fromMinor(-(baseline.cumulativeInflowMinor - scenario.cumulativeInflowMinor)),
  };
}

/** Both sides' inflow for each month of the horizon. */
function projectionOf(f: WhatIfFacts, baselineMrr: number, scenarioMrr: number) {
  const at = (startMrrMinor: number) =>
    projectMonths({ startMrrMinor, monthlyGrowthRate: f.monthlyGrowthRate, horizonMonths: f.horizonMonths });
  const scenarioMonths = at(scenarioMrr);
  return at(baselineMrr).map((b, k) => ({
    month: monthLabel(f.month + k + 1),
    baselineMrr: fromMinor(b),
    scenarioMrr: fromMinor(scenarioMonths[k]),
  }));
}

/** The what-if churn answer: the portfolio with and without the churned customers. */
export function whatIfReport(f: WhatIfFacts) {
  const baseline = scenarioView(f.baseline, f.monthlyGrowthRate, f.horizonMonths);
  const scenario = scenarioView(f.remaining, f.monthlyGrowthRate, f.horizonMonths);
  return {
    currency: f.currency,
    month: monthLabel(f.month),
    horizonMonths: f.horizonMonths,
    assumptions: {
      monthlyGrowthRatePercent: round2(f.monthlyGrowthRate * 100),
      growthWindowMonths: f.growthWindowMonths,
      selection: "named customers, then the smallest active customers by last month's inflow (ties by id)",
      namedCustomers: f.namedCustomers,
      selectedByRate: f.selectedByRate,
    },
    churnedCustomers: f.churnedCustomers,
    baseline: baseline.view,
    scenario: scenario.view,
    delta: deltaOf(baseline.raw, scenario.raw),
    projection: projectionOf(f, baseline.raw.total, scenario.raw.total),
  };
}
