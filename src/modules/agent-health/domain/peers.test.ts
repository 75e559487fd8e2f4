import { describe, expect, it } from "vitest";
import { type BenchmarkGroup, compareWithPeers, percentileRank, performanceClass, quantiles } from "./peers";

const group: BenchmarkGroup = {
  groupId: "tier:standard",
  name: "standard-tier",
  sampleSize: 10,
  metrics: {
    avgTransactionCount30d: 50,
    avgTransactionVolume30d: 20000,
    avgFloatUtilization: 0.5,
    avgAHIScore: 60,
  },
  percentiles: { p25: 45, p50: 60, p75: 72 },
};

describe("peer comparison", () => {
  it("percentile rank counts ties as half", () => {
    expect(percentileRank(3, 2, 10)).toBe(40);
    expect(percentileRank(10, 0, 10)).toBe(100);
    expect(percentileRank(0, 0, 0)).toBe(50);
  });

  it("nearest-rank quantiles", () => {
    expect(quantiles([40, 10, 30, 20])).toEqual({ p25: 10, p50: 20, p75: 30 });
    expect(quantiles([])).toEqual({ p25: 0, p50: 0, p75: 0 });
  });

  it("classes by overall percentile", () => {
    expect([95, 80, 60, 40, 20, 19.99].map(performanceClass)).toEqual([
      "top_performer",
      "top_performer",
      "above_average",
      "average",
      "below_average",
      "needs_support",
    ]);
  });

  it("names strengths (>= 75th) and weaknesses (<= 25th)", () => {
    const result = compareWithPeers(
      {
        peers: 10,
        below: { transactionCount: 9, transactionVolume: 5, floatUtilization: 1, overallHealth: 3 },
        equal: { transactionCount: 0, transactionVolume: 0, floatUtilization: 2, overallHealth: 0 },
      },
      group,
    );
    expect(result.ranking).toEqual({
      transactionCount: 90,
      transactionVolume: 50,
      floatUtilization: 20,
      overallHealth: 30,
    });
    expect(result.performanceClass).toBe("below_average");
    expect(result.strengths).toEqual(["Transaction count above 90% of standard-tier peers"]);
    expect(result.weaknesses).toEqual(["Float health below 80% of standard-tier peers"]);
  });
});
