import { describe, expect, it } from "vitest";
import { buildBenchmarks, type Member, MIN_PEERS, performanceLabel, placeInCohort } from "./benchmarks";
import { COHORTS, cohortFor } from "./cohorts";
import { assessHealth, type SmeHealth } from "./health";
import { buildNarrative, DISCLAIMER } from "./narrative";
import { distributionOf, percentileRank, QUANTILE_POINTS, quantile } from "./percentiles";

describe("percentiles", () => {
  it("interpolates between closest ranks (type 7)", () => {
    const xs = [1, 2, 3, 4];
    expect(quantile(xs, 0)).toBe(1);
    expect(quantile(xs, 25)).toBe(1.75);
    expect(quantile(xs, 50)).toBe(2.5);
    expect(quantile(xs, 75)).toBe(3.25);
    expect(quantile(xs, 100)).toBe(4);
    expect(quantile([7], 90)).toBe(7);
  });

  it("summarises a distribution whatever the input order", () => {
    const d = distributionOf([50, 10, 40, 20, 30]);
    expect([d.p25, d.p50, d.p75, d.mean]).toEqual([20, 30, 40, 30]);
    expect(d.quantiles).toHaveLength(21);
    expect(d.quantiles[1]).toBe(12); // p5: h = 0.2 -> 10 + 0.2 x 10
  });

  it("ranks a value linearly between quantile points, ties at the middle of their run", () => {
    const identity = QUANTILE_POINTS.map((p) => p);
    expect(percentileRank(identity, 37.5)).toBe(37.5);
    expect(percentileRank(identity, -1)).toBe(0);
    expect(percentileRank(identity, 101)).toBe(100);
    const flat = QUANTILE_POINTS.map(() => 50);
    expect(percentileRank(flat, 50)).toBe(50);
    expect(percentileRank(flat, 49)).toBe(0);
    expect(percentileRank(flat, 51)).toBe(100);
    // q = 0 for p0..p50, then 10..100: a value of 0 sits at the middle of p0..p50
    const half = QUANTILE_POINTS.map((p) => (p <= 50 ? 0 : (p - 50) * 2));
    expect(percentileRank(half, 0)).toBe(25);
  });
});

describe("cohorts", () => {
  it.each([
    [0, 0, "t1-v1"],
    [29.99, 9_999.99, "t1-v1"],
    [30, 9_999.99, "t2-v1"],
    [30, 10_000, "t2-v2"],
    [149.99, 100_000, "t2-v3"],
    [150, 99_999.99, "t3-v2"],
    [10_000, 5_000_000, "t3-v3"],
  ])("%d transactions and %d volume per 30 days -> %s", (tx, vol, id) =>
    expect(cohortFor(tx, vol).cohortId).toBe(id),
  );

  it("the grid has nine cohorts with contiguous bands", () => {
    expect(COHORTS).toHaveLength(9);
    expect(COHORTS[4].criteria).toEqual({
      minMonthlyTransactions: 30,
      maxMonthlyTransactions: 150,
      minMonthlyVolume: 10_000,
      maxMonthlyVolume: 100_000,
    });
  });
});

const healthWith = (overallScore: number, metricValue: number): SmeHealth => ({
  metrics: {
    stabilityIndex: metricValue,
    growthTrend: "stable",
    growthRatePercent: 0,
    diversificationIndex: metricValue,
    seasonalityScore: metricValue,
    cashFlowHealth: metricValue,
    activityIndex: metricValue,
  },
  overallScore,
  overallTrend: "stable",
  confidenceScore: 1,
  evidence: [],
});

const member = (cohortId: string, v: number): Member => ({
  cohortId,
  values: {
    stabilityIndex: v,
    growthRatePercent: 0,
    diversificationIndex: v,
    seasonalityScore: v,
    cashFlowHealth: v,
    activityIndex: v,
    overallScore: v,
  },
});

describe("benchmarks and placement", () => {
  // Ten peers in t1-v1 scoring 10, 20, ..., 100.
  const peers = Array.from({ length: 10 }, (_, i) => member("t1-v1", 10 * (i + 1)));
  const small = { transactions: 5, volume: 1_000 };

  it("builds every cohort and the tenant-wide one", () => {
    const b = buildBenchmarks([...peers, member("t3-v3", 50)]);
    expect(b.map((c) => c.cohortId).sort()).toEqual([...COHORTS.map((c) => c.cohortId), "all"].sort());
    const own = b.find((c) => c.cohortId === "t1-v1")!;
    expect(own.sampleSize).toBe(10);
    // 10..100: p25 h = 2.25 -> 32.5; p50 55; p75 77.5; mean 55
    expect(own.metrics.overallScore).toMatchObject({ p25: 32.5, p50: 55, p75: 77.5, mean: 55 });
    expect(b.find((c) => c.cohortId === "all")!.sampleSize).toBe(11);
    expect(b.find((c) => c.cohortId === "t2-v2")).toMatchObject({ sampleSize: 0, metrics: {} });
  });

  it("ranks against the cohort and compares with its interquartile range", () => {
    const p = placeInCohort(healthWith(55, 90), small, buildBenchmarks(peers));
    expect(p.cohort.cohortId).toBe("t1-v1");
    expect(p.comparedAgainst).toEqual({ cohortId: "t1-v1", sampleSize: 10 });
    expect(p.overallPercentile).toBe(50);
    expect(p.performanceLabel).toBe("average");
    // 90 is above p75 (77.5) for the five scores; growth 0 equals every peer's
    expect(p.benchmarkComparison.aboveBenchmark).toEqual([
      "stabilityIndex",
      "diversificationIndex",
      "seasonalityScore",
      "cashFlowHealth",
      "activityIndex",
    ]);
    expect(p.benchmarkComparison.atBenchmark).toEqual(["growthRatePercent"]);
    expect(p.percentileRankings.growthRatePercent).toBe(50);
    // quantile points of 10..100: p85 h=7.65 -> 86.5, p90 h=8.1 -> 91; 90 lies 3.5/4.5 of the way
    expect(p.percentileRankings.stabilityIndex).toBe(88.9);
  });

  it("falls back to all customers when the cohort has fewer than MIN_PEERS", () => {
    const few = Array.from({ length: MIN_PEERS - 1 }, (_, i) => member("t1-v1", 10 * i));
    const others = Array.from({ length: 6 }, () => member("t3-v3", 80));
    const p = placeInCohort(healthWith(10, 10), small, buildBenchmarks([...few, ...others]));
    expect(p.cohort.cohortId).toBe("t1-v1");
    expect(p.comparedAgainst).toEqual({ cohortId: "all", sampleSize: 10 });
    expect(p.performanceLabel).toBe("below_average");
  });

  it("does not rank with too few peers at all", () => {
    const p = placeInCohort(healthWith(50, 50), small, buildBenchmarks([member("t1-v1", 1)]));
    expect(p).toMatchObject({
      overallPercentile: null,
      performanceLabel: "insufficient_peers",
      percentileRankings: {},
    });
  });

  it.each([
    [95, "top_performer"],
    [90, "top_performer"],
    [60, "above_average"],
    [40, "average"],
    [10, "below_average"],
    [9.9, "needs_attention"],
    [null, "insufficient_peers"],
  ])("percentile %s is %s", (p, label) => expect(performanceLabel(p)).toBe(label));
});

describe("narrative", () => {
  const { health } = assessHealth({
    windowDays: 28,
    buckets: [0, 1, 2, 3].map(() => ({ inflowMinor: 100_000, outflowMinor: 80_000, count: 5 })),
    activeDays: 20,
    attributedInflowMinor: 400_000,
    sourceSquareSum: 4 * 100_000 ** 2,
    sourceCount: 4,
  });
  const input = { customerName: "Ama Foods", windowDays: 28, health, placement: null };

  it("is generated from the numbers and is the same every time", () => {
    const n = buildNarrative(input);
    expect(n).toEqual(buildNarrative(structuredClone(input)));
    expect(n.executiveSummary).toContain("Ama Foods");
    expect(n.executiveSummary).toBe(
      "Ama Foods shows strong advisory SME health of 85.18/100 over the last 28 days, with a stable trend " +
        "(inflow +0.00% half over half). Confidence in the data is high (0.87).",
    );
    expect(n.disclaimer).toBe(DISCLAIMER);
    expect(n.evidencePoints).toHaveLength(health.evidence.length);
    // strengths sorted by score, ties by name: cashFlowHealth 100, seasonalityScore 100
    expect(n.keyInsights[0]).toBe("Strength: cash-flow health scores 100.00.");
    expect(n.sections.map((s) => s.title)).not.toContain("Peer comparison");
  });
});
