import { describe, expect, it } from "vitest";
import { assessHealth, OVERALL_WEIGHTS } from "./health";
import { bucketCount, type SmeActivity } from "./metrics";

const bucket = (inflowMinor: number, outflowMinor: number, count: number) => ({
  inflowMinor,
  outflowMinor,
  count,
});

/** 28 days, 4 equal weeks of 1,000.00 in and 800.00 out, 4 equally sized named sources. */
const steady: SmeActivity = {
  windowDays: 28,
  buckets: [0, 1, 2, 3].map(() => bucket(100_000, 80_000, 5)),
  activeDays: 20,
  attributedInflowMinor: 400_000,
  sourceSquareSum: 4 * 100_000 ** 2,
  sourceCount: 4,
};

describe("buckets", () => {
  it.each([
    [7, 1],
    [10, 1],
    [11, 2],
    [28, 4],
    [90, 13],
    [365, 52],
  ])("%d days -> %d buckets", (days, n) => expect(bucketCount(days)).toBe(n));
});

describe("metrics (hand-computed)", () => {
  it("steady business", () => {
    const { health } = assessHealth(steady);
    const m = health.metrics;
    expect(m.stabilityIndex).toBe(100); // equal weeks: CV 0
    expect(m.growthRatePercent).toBe(0);
    expect(m.growthTrend).toBe("stable");
    // HHI = 4 x 0.25^2 = 0.25; 100 x 0.75 / 0.9 = 83.33
    expect(m.diversificationIndex).toBe(83.33);
    // peak quarter = 1 of 4 weeks holds 25% = its even share
    expect(m.seasonalityScore).toBe(100);
    // margin 20% -> 100; every week net positive -> 100
    expect(m.cashFlowHealth).toBe(100);
    // 20/28 active days -> capped 100; 20 x 30/28 = 21.43 per 30 days / 60 = 35.71; mean 67.86
    expect(m.activityIndex).toBe(67.86);
    // 25 + 20 + 0.15 x 50 + 0.15 x 83.33 + 0.15 x 67.86 + 10 = 85.1785
    expect(health.overallScore).toBe(85.18);
    expect(health.overallTrend).toBe("stable");
    // 0.4 x 20/30 + 0.4 x 1 + 0.2 x 1 = 0.8667
    expect(health.confidenceScore).toBe(0.87);
    expect(health.evidence.map((e) => e.metric)).toEqual([
      "stabilityIndex",
      "growthRatePercent",
      "diversificationIndex",
      "seasonalityScore",
      "cashFlowHealth",
      "activityIndex",
    ]);
  });

  it("growing inflow with a peak week", () => {
    const { health } = assessHealth({
      ...steady,
      buckets: [bucket(100_000, 0, 5), bucket(100_000, 0, 5), bucket(150_000, 0, 5), bucket(150_000, 0, 5)],
    });
    const m = health.metrics;
    // earlier 2,000.00, recent 3,000.00: +50%
    expect(m.growthRatePercent).toBe(50);
    expect(m.growthTrend).toBe("improving");
    // mean 1,250, sd 250: CV 0.2 -> 80
    expect(m.stabilityIndex).toBe(80);
    // top week 1,500 / 5,000 = 30% vs even 25%: 100 x (1 - 0.05 / 0.75) = 93.33
    expect(m.seasonalityScore).toBe(93.33);
    expect(health.overallTrend).toBe("improving");
  });

  it("declining inflow and negative cash flow", () => {
    const { health } = assessHealth({
      ...steady,
      buckets: [
        bucket(100_000, 100_000, 5),
        bucket(100_000, 100_000, 5),
        bucket(60_000, 80_000, 5),
        bucket(40_000, 50_000, 5),
      ],
    });
    const m = health.metrics;
    // 1,000 vs 2,000: -50%
    expect(m.growthRatePercent).toBe(-50);
    expect(m.growthTrend).toBe("declining");
    // margin (3,000 - 3,300) / 3,000 = -10% -> 25; 2 of 4 weeks net >= 0 -> 50; 0.6 x 25 + 0.4 x 50
    expect(m.cashFlowHealth).toBe(35);
    expect(health.overallTrend).toBe("declining");
  });

  it("cash-negative newer half turns a flat trend into declining", () => {
    const { health } = assessHealth({
      ...steady,
      buckets: [
        bucket(100_000, 50_000, 5),
        bucket(100_000, 50_000, 5),
        bucket(100_000, 120_000, 5),
        bucket(100_000, 120_000, 5),
      ],
    });
    expect(health.metrics.growthTrend).toBe("stable");
    expect(health.overallTrend).toBe("declining");
  });

  it("inflow from one source only scores 0 diversification; unnamed sources score neutral 50", () => {
    const one = assessHealth({ ...steady, sourceSquareSum: 400_000 ** 2, sourceCount: 1 });
    expect(one.health.metrics.diversificationIndex).toBe(0);
    const two = assessHealth({ ...steady, sourceSquareSum: 2 * 200_000 ** 2, sourceCount: 2 });
    // HHI 0.5: 100 x 0.5 / 0.9 = 55.56
    expect(two.health.metrics.diversificationIndex).toBe(55.56);
    const unnamed = assessHealth({ ...steady, attributedInflowMinor: 0, sourceSquareSum: 0, sourceCount: 0 });
    expect(unnamed.health.metrics.diversificationIndex).toBe(50);
    // attribution share 0: 0.4 x 0.6667 + 0.4 = 0.6667
    expect(unnamed.health.confidenceScore).toBe(0.67);
  });

  it("all inflow in one week scores 0 seasonality and 0 stability", () => {
    const { health } = assessHealth({
      ...steady,
      buckets: [bucket(0, 0, 0), bucket(0, 0, 0), bucket(400_000, 0, 20), bucket(0, 0, 0)],
    });
    expect(health.metrics.seasonalityScore).toBe(0);
    // mean 1,000, sd sqrt(3) x 1,000: CV 1.73 -> 0
    expect(health.metrics.stabilityIndex).toBe(0);
    // 1 of 4 weeks active: 0.4 x 0.6667 + 0.4 x 0.25 + 0.2 = 0.5667
    expect(health.confidenceScore).toBe(0.57);
  });

  it("revenue where there was none reads +100%; a tiny first half is capped at +1000%", () => {
    const fromZero = assessHealth({
      ...steady,
      buckets: [bucket(0, 0, 0), bucket(0, 0, 0), bucket(1_000, 0, 1), bucket(0, 0, 0)],
    });
    expect(fromZero.health.metrics.growthRatePercent).toBe(100);
    const tiny = assessHealth({
      ...steady,
      buckets: [bucket(1, 0, 1), bucket(0, 0, 0), bucket(1_000_000, 0, 1), bucket(0, 0, 0)],
    });
    expect(tiny.health.metrics.growthRatePercent).toBe(1000);
  });

  it("no transactions: every score 0, confidence 0", () => {
    const { health } = assessHealth({
      windowDays: 90,
      buckets: Array.from({ length: 13 }, () => bucket(0, 0, 0)),
      activeDays: 0,
      attributedInflowMinor: 0,
      sourceSquareSum: 0,
      sourceCount: 0,
    });
    expect(health.metrics).toEqual({
      stabilityIndex: 0,
      growthTrend: "stable",
      growthRatePercent: 0,
      diversificationIndex: 0,
      seasonalityScore: 0,
      cashFlowHealth: 0,
      activityIndex: 0,
    });
    // growth 0% scores 50 with weight 0.15
    expect(health.overallScore).toBe(7.5);
    expect(health.confidenceScore).toBe(0);
  });

  it("a one-week window cannot show growth or seasonality and has a quarter of the confidence", () => {
    const { health } = assessHealth({
      ...steady,
      windowDays: 7,
      buckets: [bucket(100_000, 80_000, 20)],
      activeDays: 7,
    });
    expect(health.metrics.growthRatePercent).toBe(0);
    expect(health.metrics.seasonalityScore).toBe(50);
    // 7/28 x (0.4 x 20/30 + 0.4 + 0.2) = 0.25 x 0.8667
    expect(health.confidenceScore).toBe(0.22);
  });

  it("weights sum to 1 and the same input gives the same output", () => {
    expect(Object.values(OVERALL_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(assessHealth(steady)).toEqual(assessHealth(structuredClone(steady)));
  });
});
