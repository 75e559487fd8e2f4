import { round2 } from "../../../lib/numbers";

/** Aggregates of a peer group (a tier or a region) over the agents' latest snapshots. */
export interface BenchmarkGroup {
  groupId: string;
  name: string;
  sampleSize: number;
  metrics: {
    avgTransactionCount30d: number;
    avgTransactionVolume30d: number;
    avgFloatUtilization: number;
    avgAHIScore: number;
  };
  /** Of the AHI score, nearest-rank. */
  percentiles: { p25: number; p50: number; p75: number };
  /** When the group's figures were computed (the refresh time). */
  computedAt?: string;
}

export const RANKED_METRICS = [
  "transactionCount",
  "transactionVolume",
  "floatUtilization",
  "overallHealth",
] as const;
export type RankedMetric = (typeof RANKED_METRICS)[number];
export type Ranking = Record<RankedMetric, number>;

/** How many peers are below and equal to the agent, per metric (from one SQL aggregate). */
export interface PeerCounts {
  peers: number;
  below: Record<RankedMetric, number>;
  equal: Record<RankedMetric, number>;
}

export const PERFORMANCE_CLASSES = [
  "top_performer",
  "above_average",
  "average",
  "below_average",
  "needs_support",
] as const;
export type PerformanceClass = (typeof PERFORMANCE_CLASSES)[number];

/** Percentile rank 0..100: share of peers below, counting ties as half. */
export function percentileRank(below: number, equal: number, peers: number): number {
  if (peers <= 0) return 50;
  return round2(((below + equal / 2) / peers) * 100);
}

/** 1-based nearest rank of quantile q among n sorted values (the SQL uses the same rule). */
export const nearestRank = (q: number, n: number): number => Math.max(1, Math.ceil(q * n));

export function quantiles(values: number[]): { p25: number; p50: number; p75: number } {
  if (values.length === 0) return { p25: 0, p50: 0, p75: 0 };
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[nearestRank(q, s.length) - 1];
  return { p25: at(0.25), p50: at(0.5), p75: at(0.75) };
}

export function performanceClass(overallPercentile: number): PerformanceClass {
  if (overallPercentile >= 80) return "top_performer";
  if (overallPercentile >= 60) return "above_average";
  if (overallPercentile >= 40) return "average";
  if (overallPercentile >= 20) return "below_average";
  return "needs_support";
}

const LABELS: Record<RankedMetric, string> = {
  transactionCount: "Transaction count",
  transactionVolume: "Transaction volume",
  floatUtilization: "Float health",
  overallHealth: "Overall health",
};

export const STRENGTH_PERCENTILE = 75;
export const WEAKNESS_PERCENTILE = 25;

export function ranking(counts: PeerCounts): Ranking {
  const r = {} as Ranking;
  for (const m of RANKED_METRICS) r[m] = percentileRank(counts.below[m], counts.equal[m], counts.peers);
  return r;
}

/** Ranking, class and plain-language strengths/weaknesses against one peer group. */
export function compareWithPeers(counts: PeerCounts, group: BenchmarkGroup) {
  const r = ranking(counts);
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  for (const m of RANKED_METRICS) {
    if (r[m] >= STRENGTH_PERCENTILE)
      strengths.push(`${LABELS[m]} above ${Math.floor(r[m])}% of ${group.name} peers`);
    else if (r[m] <= WEAKNESS_PERCENTILE)
      weaknesses.push(`${LABELS[m]} below ${Math.ceil(100 - r[m])}% of ${group.name} peers`);
  }
  return {
    ranking: r,
    performanceClass: performanceClass(r.overallHealth),
    benchmarkGroup: group,
    strengths,
    weaknesses,
  };
}
