import { describe, expect, it } from "vitest";
import { round2 } from "../../../lib/numbers";
import { bandOf } from "./bands";
import { calculateBhi, reasonsFor } from "./calculate";
import { type CustomerActivity, componentScores } from "./components";
import { trendOf } from "./trend";
import { DEFAULT_WEIGHTS, normaliseWeights, weightProblems } from "./weights";

/** Weekly nets all 625.00: net 7,500.00 over 12 weeks, no spread. */
const steady: CustomerActivity = {
  accountCount: 1,
  balanceMinor: 300_000,
  periodInflowMinor: [1_000_000, 1_000_000, 1_000_000],
  periodOutflowMinor: [750_000, 750_000, 750_000],
  weeklyNetSum: 7_500,
  weeklyNetSquareSum: 12 * 625 ** 2,
  creditCount: 30,
  debitCount: 20,
  failedDebitCount: 1,
  overdraftCount: 0,
};

describe("bands", () => {
  it.each([
    [100, "excellent"],
    [80, "excellent"],
    [79.99, "good"],
    [65, "good"],
    [64.99, "fair"],
    [50, "fair"],
    [49.99, "poor"],
    [35, "poor"],
    [34.99, "critical"],
    [0, "critical"],
  ])("%d is %s", (score, band) => expect(bandOf(score)).toBe(band));
});

describe("weights", () => {
  it("refuses negative and non-finite weights, one problem per field", () => {
    expect(weightProblems({ liquidity: -0.1, volatility: Number.NaN, expenseRatio: 1 })).toEqual([
      { path: "weights.liquidity", message: "must be >= 0" },
      { path: "weights.volatility", message: "must be a finite number" },
    ]);
  });
  it("refuses all zero (or all absent)", () => {
    expect(weightProblems({ liquidity: 0, volatility: 0 })).toHaveLength(1);
    expect(weightProblems({})[0].path).toBe("weights");
  });
  it("normalises to sum 1, absent components weigh 0", () => {
    expect(normaliseWeights({ liquidity: 3, volatility: 1 })).toEqual({
      liquidity: 0.75,
      volatility: 0.25,
      revenueStability: 0,
      expenseRatio: 0,
      paymentBehavior: 0,
    });
    const even = normaliseWeights({
      liquidity: 2,
      volatility: 2,
      revenueStability: 2,
      expenseRatio: 2,
      paymentBehavior: 2,
    });
    expect(Object.values(even)).toEqual([0.2, 0.2, 0.2, 0.2, 0.2]);
  });
  it("defaults to the contract's weights", () => expect(normaliseWeights()).toEqual(DEFAULT_WEIGHTS));
});

describe("component scores (hand-computed)", () => {
  it("steady business with a thin buffer", () => {
    const { scores, metrics } = componentScores(steady);
    // cover = 3,000 / (22,500 / 3) = 0.4 periods; 0.4 / 2 * 100 = 20
    expect(metrics.liquidityCoverPeriods).toBe(0.4);
    expect(scores.liquidity).toBe(20);
    // weekly nets identical: standard deviation 0
    expect(scores.volatility).toBe(100);
    // equal periods: CV 0
    expect(scores.revenueStability).toBe(100);
    // 22,500 / 30,000 = 0.75; (1.3 - 0.75) / 0.6 * 100 = 91.666..
    expect(metrics.expenseRatio).toBe(0.75);
    expect(scores.expenseRatio).toBe(91.67);
    // 1 of 20 failed: 100 - 400 * 0.05 = 80
    expect(scores.paymentBehavior).toBe(80);
  });

  it("volatility and revenue stability from spread", () => {
    // 6 weeks +1,000 and 6 weeks -500: mean 250, variance 625,000 - 62,500 = 562,500, sd 750.
    // inflow 5,000 + 10,000 + 15,000 = 30,000 -> 2,500 a week; ratio 0.3; score 100 (1 - 0.3 / 2) = 85
    // period CV: sd sqrt((5,000² + 0 + 5,000²) / 3) = 4,082.48 over mean 10,000 = 0.408248 -> 59.18
    const { scores, metrics } = componentScores({
      ...steady,
      periodInflowMinor: [500_000, 1_000_000, 1_500_000],
      weeklyNetSum: 3_000,
      weeklyNetSquareSum: 6 * 1_000 ** 2 + 6 * 500 ** 2,
    });
    expect(metrics.weeklyNetStdDev).toBe(750);
    expect(metrics.volatilityRatio).toBe(0.3);
    expect(scores.volatility).toBe(85);
    expect(metrics.revenueCv).toBe(0.4082);
    expect(scores.revenueStability).toBe(59.18);
    expect(metrics.revenueChangePercent).toBe(50);
  });

  it("no inflow: expense and revenue scores 0, undefined ratios left out of the metrics", () => {
    const { scores, metrics } = componentScores({
      ...steady,
      periodInflowMinor: [0, 0, 0],
      weeklyNetSum: -22_500,
      weeklyNetSquareSum: 12 * 1_875 ** 2,
    });
    expect(scores.expenseRatio).toBe(0);
    expect(scores.revenueStability).toBe(0);
    expect(scores.volatility).toBe(0);
    expect("expenseRatio" in metrics).toBe(false);
    expect("revenueCv" in metrics).toBe(false);
  });

  it("negative balance scores liquidity 0; overdrafts cost 10 points each", () => {
    const { scores } = componentScores({
      ...steady,
      balanceMinor: -1,
      overdraftCount: 3,
      failedDebitCount: 0,
    });
    expect(scores.liquidity).toBe(0);
    expect(scores.paymentBehavior).toBe(70);
  });
});

describe("calculateBhi", () => {
  const base = { weights: DEFAULT_WEIGHTS, previous: null, riskAlertThreshold: 40 };

  it("overall is the weighted sum, and the sum of the reasons' contributions", () => {
    const r = calculateBhi({ ...base, activity: steady });
    // 20*.25 + 100*.2 + 100*.2 + 91.67*.2 + 80*.15 = 5 + 20 + 20 + 18.33 + 12
    expect(r.overall).toBe(75.33);
    expect(r.band).toBe("good");
    expect(r.reasons.map((x) => x.contribution)).toEqual([5, 20, 20, 18.33, 12]);
    expect(r.reasons[0]).toMatchObject({ factor: "liquidity", direction: "negative", weight: 0.25 });
    expect(r.trend).toBe("stable");
    expect(r.previousBhi).toBeNull();
    expect(r.bhiChangePercent).toBeNull();
    expect(r.isSignificantChange).toBe(false);
    expect(r.alerts.map((a) => a.type)).toEqual(["low_liquidity"]);
    expect(r.alerts[0]).toMatchObject({ metric: "liquidityCoverPeriods", currentValue: 0.4, threshold: 0.5 });
  });

  it("contributions add up exactly with weights that do not divide evenly", () => {
    const weights = normaliseWeights({ liquidity: 1, volatility: 1, expenseRatio: 1 });
    const r = calculateBhi({ ...base, weights, activity: steady });
    // 20/3 = 6.67, 100/3 = 33.33, 91.67/3 = 30.56
    expect(r.reasons.map((x) => x.contribution)).toEqual([6.67, 33.33, 0, 30.56, 0]);
    expect(r.overall).toBe(70.56);
    expect(round2(r.reasons.reduce((s, x) => s + x.contribution, 0))).toBe(r.overall);
  });

  it("change against the previous record, significance on a band change", () => {
    const r = calculateBhi({
      ...base,
      activity: steady,
      previous: { overall: 80, band: "excellent", recentScores: [78, 80] },
    });
    // (75.33 - 80) / 80 = -5.8375%
    expect(r.previousBhi).toBe(80);
    expect(r.bhiChangePercent).toBe(-5.84);
    expect(r.isSignificantChange).toBe(true);
    expect(r.recentScores).toEqual([78, 80, 75.33]);
    expect(r.crossedRiskThreshold).toBe(false);
  });

  it("a small move within the band is not significant", () => {
    const r = calculateBhi({
      ...base,
      activity: steady,
      previous: { overall: 73, band: "good", recentScores: [73] },
    });
    expect(r.isSignificantChange).toBe(false);
  });

  it("crossing below the tenant threshold raises the risk alert once", () => {
    const bad = { ...steady, balanceMinor: -50_000, failedDebitCount: 5 };
    const r = calculateBhi({
      ...base,
      riskAlertThreshold: 60,
      activity: bad,
      previous: { overall: 75, band: "good", recentScores: [75] },
    });
    // 0 + 20 + 20 + 18.33 + 0 (5/20 failed: 100 - 100) = 58.33
    expect(r.overall).toBe(58.33);
    expect(r.crossedRiskThreshold).toBe(true);
    expect(r.alerts.map((a) => a.type)).toEqual([
      "negative_balance",
      "failed_payments",
      "bhi_drop",
      "below_risk_threshold",
    ]);
    const again = calculateBhi({
      ...base,
      riskAlertThreshold: 60,
      activity: bad,
      previous: { overall: 58.33, band: "fair", recentScores: [75, 58.33] },
    });
    expect(again.crossedRiskThreshold).toBe(false);
  });

  it("reasons rebuild identically from the stored scores, weights and metrics", () => {
    const r = calculateBhi({ ...base, activity: steady });
    expect(reasonsFor(r.scores, r.weights, r.inputMetrics)).toEqual(r.reasons);
    expect(r.reasons[3].explanation).toBe(
      "Outflow is 75.0% of inflow; 70% or less scores 100, 130% or more scores 0.",
    );
  });

  it("is deterministic", () => {
    expect(calculateBhi({ ...base, activity: steady })).toEqual(calculateBhi({ ...base, activity: steady }));
  });
});

describe("trend", () => {
  it.each([
    [[60], "stable"],
    [[60, 70], "improving"],
    [[70, 60], "declining"],
    [[60, 64], "stable"],
    [[50, 70, 50], "volatile"],
    [[50, 55, 60, 65], "improving"],
    [[50, 58, 52, 60], "volatile"],
    [[80, 70, 60], "declining"],
    // only the last 6 count: 45 -> 70 is improving though 90 started the series
    [[90, 45, 50, 55, 60, 65, 70], "improving"],
  ])("%j is %s", (series, trend) => expect(trendOf(series)).toBe(trend));
});
