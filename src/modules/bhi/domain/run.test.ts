import { describe, expect, it } from "vitest";
import { calculateBhi } from "./calculate";
import type { CustomerActivity } from "./components";
import { type CustomerFlows, inGroups, type RunSettings, scoreCustomers, tallyStored } from "./run";
import { DEFAULT_WEIGHTS } from "./weights";

const flows: CustomerFlows = {
  periodInflowMinor: [1_000_000, 1_000_000, 1_000_000],
  periodOutflowMinor: [750_000, 750_000, 750_000],
  weeklyNetSum: 7_500,
  weeklyNetSquareSum: 12 * 625 ** 2,
  creditCount: 30,
  debitCount: 20,
  failedDebitCount: 1,
  overdraftCount: 0,
};
const balance = { accountCount: 1, balanceMinor: 300_000 };

const settings = (): RunSettings => {
  let records = 0;
  let events = 0;
  return {
    weights: DEFAULT_WEIGHTS,
    riskAlertThreshold: 40,
    at: "2026-03-01T00:00:00.000Z",
    newRecordId: () => `rec-${++records}`,
    newEventId: () => `evt-${++events}`,
  };
};

describe("scoreCustomers", () => {
  it("scores customers with activity and lists the others as unscorable, in the order given", () => {
    const run = scoreCustomers(
      {
        customerIds: ["a", "b", "c", "d"],
        activity: new Map([
          ["a", flows],
          ["c", flows],
          ["d", { ...flows, creditCount: 0, debitCount: 0 }],
        ]),
        balances: new Map([["a", balance]]),
        latest: new Map(),
      },
      settings(),
    );
    expect(run.unscorable).toEqual(["b", "d"]);
    expect(run.scored.map((s) => [s.record.customerId, s.record.id])).toEqual([
      ["a", "rec-1"],
      ["c", "rec-2"],
    ]);
    // No account row: scored on a zero balance.
    const zeroBalance = calculateBhi({
      activity: { ...flows, accountCount: 0, balanceMinor: 0 },
      weights: DEFAULT_WEIGHTS,
      previous: null,
      riskAlertThreshold: 40,
    });
    expect(run.scored[1].record.bhiOverall).toBe(zeroBalance.overall);
  });

  it("builds the record from the calculation and the previous version", () => {
    const activity: CustomerActivity = { ...flows, ...balance };
    const previous = { version: 3, overall: 90, band: "excellent", recentScores: [88, 90] };
    const run = scoreCustomers(
      {
        customerIds: ["a"],
        activity: new Map([["a", flows]]),
        balances: new Map([["a", balance]]),
        latest: new Map([["a", previous]]),
      },
      settings(),
    );
    const bhi = calculateBhi({
      activity,
      weights: DEFAULT_WEIGHTS,
      previous: { overall: 90, band: "excellent", recentScores: [88, 90] },
      riskAlertThreshold: 40,
    });
    expect(run.scored[0].record).toEqual({
      id: "rec-1",
      customerId: "a",
      version: 4,
      bhiOverall: bhi.overall,
      bhiBand: bhi.band,
      liquidityScore: bhi.scores.liquidity,
      volatilityScore: bhi.scores.volatility,
      revenueStabilityScore: bhi.scores.revenueStability,
      expenseRatioScore: bhi.scores.expenseRatio,
      paymentBehaviorScore: bhi.scores.paymentBehavior,
      trend: bhi.trend,
      previousBhi: 90,
      bhiChangePercent: bhi.bhiChangePercent,
      isSignificantChange: bhi.isSignificantChange,
      inputMetrics: bhi.inputMetrics,
      alerts: bhi.alerts,
      alertCount: bhi.alerts.length,
      componentWeights: DEFAULT_WEIGHTS,
      recentScores: [88, 90, bhi.overall],
      calculationVersion: bhi.calculationVersion,
      createdAt: "2026-03-01T00:00:00.000Z",
    });
    expect(run.scored[0].events).toEqual([]);
  });

  it("records customer.risk_alert only when the score crosses below the threshold", () => {
    const bhi = calculateBhi({
      activity: { ...flows, ...balance },
      weights: DEFAULT_WEIGHTS,
      previous: null,
      riskAlertThreshold: 0,
    });
    const threshold = bhi.overall + 1; // this customer's score is just below it
    const inputs = (previousOverall: number) => ({
      customerIds: ["a"],
      activity: new Map([["a", flows]]),
      balances: new Map([["a", balance]]),
      latest: new Map([["a", { version: 1, overall: previousOverall, band: "good", recentScores: [] }]]),
    });
    const crossed = scoreCustomers(inputs(threshold), { ...settings(), riskAlertThreshold: threshold });
    expect(crossed.scored[0].events).toEqual([
      {
        id: "evt-1",
        type: "customer.risk_alert",
        data: {
          customerId: "a",
          bhiOverall: bhi.overall,
          previousBhi: threshold,
          threshold,
          bhiBand: bhi.band,
        },
      },
    ]);
    const alreadyBelow = scoreCustomers(inputs(threshold - 0.01), {
      ...settings(),
      riskAlertThreshold: threshold,
    });
    expect(alreadyBelow.scored[0].events).toEqual([]);
  });
});

describe("tallyStored", () => {
  it("counts records, bands and alerts", () => {
    expect(
      tallyStored([
        { bhiBand: "good", alertCount: 2 },
        { bhiBand: "good", alertCount: 0 },
        { bhiBand: "critical", alertCount: 3 },
      ]),
    ).toEqual({
      successful: 3,
      byBand: { excellent: 0, good: 2, fair: 0, poor: 0, critical: 1 },
      alertCount: 5,
    });
    expect(tallyStored([]).successful).toBe(0);
  });
});

describe("inGroups", () => {
  it("slices in order, the last group holding the rest", () => {
    expect(inGroups([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inGroups([], 2)).toEqual([]);
  });
});
