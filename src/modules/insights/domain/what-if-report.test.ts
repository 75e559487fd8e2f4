import { describe, expect, it } from "vitest";
import { concentrationLevel, hhi } from "./concentration";
import { monthIndexOf } from "./months";
import { selectedByRate, type WhatIfFacts, whatIfReport } from "./what-if-report";

/** Four customers with last-month inflows of 40, 30, 20 and 10.00; the 30 and the 10 churn. */
const all = [4000, 3000, 2000, 1000];
const kept = [4000, 2000];
const sums = (xs: number[]) => ({
  n: xs.length,
  total: xs.reduce((s, x) => s + x, 0),
  sq: xs.reduce((s, x) => s + x * x, 0),
  top1: Math.max(...xs),
  top10: xs.reduce((s, x) => s + x, 0),
});
const facts: WhatIfFacts = {
  currency: "GHS",
  month: monthIndexOf(new Date("2026-02-01T00:00:00Z")),
  monthlyGrowthRate: 0.1,
  growthWindowMonths: 6,
  horizonMonths: 2,
  namedCustomers: 1,
  selectedByRate: 1,
  churnedCustomers: 2,
  baseline: sums(all),
  remaining: sums(kept),
};

describe("whatIfReport", () => {
  const report = whatIfReport(facts);

  it("states the month, horizon and assumptions", () => {
    expect(report).toMatchObject({
      currency: "GHS",
      month: "2026-02",
      horizonMonths: 2,
      assumptions: {
        monthlyGrowthRatePercent: 10,
        growthWindowMonths: 6,
        namedCustomers: 1,
        selectedByRate: 1,
      },
      churnedCustomers: 2,
    });
  });

  it("shows both sides: concentration and the projection at 10% a month", () => {
    expect(report.baseline).toEqual({
      mrr: "100.00",
      activeCustomers: 4,
      averageInflowPerCustomer: "25.00",
      top1SharePercent: 40,
      top10SharePercent: 100,
      hhi: hhi(all),
      concentrationLevel: concentrationLevel(hhi(all)),
      projectedMrrAtHorizon: "121.00", // 100 x 1.1 x 1.1
      projectedCumulativeInflow: "231.00", // 110 + 121
    });
    expect(report.scenario).toMatchObject({
      mrr: "60.00",
      activeCustomers: 2,
      averageInflowPerCustomer: "30.00",
      top1SharePercent: 66.67,
      hhi: hhi(kept),
      projectedMrrAtHorizon: "72.60",
      projectedCumulativeInflow: "138.60",
    });
  });

  it("gives scenario minus baseline and the month-by-month projection", () => {
    expect(report.delta).toEqual({
      mrr: "-40.00",
      mrrPercent: -40,
      activeCustomers: -2,
      top10SharePercent: 0,
      hhi: hhi(kept) - hhi(all),
      projectedMrrAtHorizon: "-48.40",
      projectedCumulativeInflow: "-92.40",
    });
    expect(report.projection).toEqual([
      { month: "2026-03", baselineMrr: "110.00", scenarioMrr: "66.00" },
      { month: "2026-04", baselineMrr: "121.00", scenarioMrr: "72.60" },
    ]);
  });

  it("an empty portfolio gives zeros, not NaN", () => {
    const empty = { n: 0, total: 0, sq: 0, top1: 0, top10: 0 };
    const r = whatIfReport({ ...facts, baseline: empty, remaining: empty });
    expect(r.baseline).toMatchObject({ mrr: "0.00", averageInflowPerCustomer: "0.00", top1SharePercent: 0 });
    expect(r.delta).toMatchObject({ mrr: "0.00", mrrPercent: 0, projectedCumulativeInflow: "0.00" });
  });
});

describe("selectedByRate", () => {
  it("is none without a rate, else the rounded share of last month's active customers", () => {
    expect(selectedByRate(10, undefined)).toBe(0);
    expect(selectedByRate(10, 25)).toBe(3);
    expect(selectedByRate(10, 0)).toBe(0);
  });
});
