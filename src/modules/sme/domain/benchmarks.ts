import { ALL_COHORT, ALL_COHORT_ID, COHORTS, type Cohort, cohortFor } from "./cohorts";
import type { SmeHealth } from "./health";
import { type Distribution, distributionOf, percentileRank } from "./percentiles";

/** The numbers benchmarked per cohort (the six metrics' numeric parts and the overall score). */
export const BENCHMARK_METRICS = [
  "stabilityIndex",
  "growthRatePercent",
  "diversificationIndex",
  "seasonalityScore",
  "cashFlowHealth",
  "activityIndex",
  "overallScore",
] as const;
export type BenchmarkMetric = (typeof BENCHMARK_METRICS)[number];

/** Below this many peers a cohort is not used for ranking (the tenant-wide "all" cohort is). */
export const MIN_PEERS = 5;

export interface CohortBenchmark {
  cohortId: string;
  sampleSize: number;
  metrics: Partial<Record<BenchmarkMetric, Distribution>>;
}

export const benchmarkValues = (h: SmeHealth): Record<BenchmarkMetric, number> => ({
  stabilityIndex: h.metrics.stabilityIndex,
  growthRatePercent: h.metrics.growthRatePercent,
  diversificationIndex: h.metrics.diversificationIndex,
  seasonalityScore: h.metrics.seasonalityScore,
  cashFlowHealth: h.metrics.cashFlowHealth,
  activityIndex: h.metrics.activityIndex,
  overallScore: h.overallScore,
});

export interface Member {
  cohortId: string;
  values: Record<BenchmarkMetric, number>;
}

/** Every cohort of the grid (empty ones with sampleSize 0) and the tenant-wide "all" cohort. */
export function buildBenchmarks(members: readonly Member[]): CohortBenchmark[] {
  const groups = new Map<string, Member[]>([[ALL_COHORT_ID, [...members]]]);
  for (const c of COHORTS) groups.set(c.cohortId, []);
  for (const m of members) groups.get(m.cohortId)?.push(m);
  return [...groups.entries()].map(([cohortId, group]) => ({
    cohortId,
    sampleSize: group.length,
    metrics:
      group.length === 0
        ? {}
        : Object.fromEntries(
            BENCHMARK_METRICS.map((k) => [k, distributionOf(group.map((m) => m.values[k]))]),
          ),
  }));
}

export const PERFORMANCE_LABELS = [
  "top_performer",
  "above_average",
  "average",
  "below_average",
  "needs_attention",
  "insufficient_peers",
] as const;
export type PerformanceLabel = (typeof PERFORMANCE_LABELS)[number];

export function performanceLabel(overallPercentile: number | null): PerformanceLabel {
  if (overallPercentile === null) return "insufficient_peers";
  if (overallPercentile >= 90) return "top_performer";
  if (overallPercentile >= 60) return "above_average";
  if (overallPercentile >= 40) return "average";
  if (overallPercentile >= 10) return "below_average";
  return "needs_attention";
}

export interface CohortPlacement {
  cohort: Cohort;
  /** The peer group the rankings use: the cohort, or "all" when the cohort has too few peers. */
  comparedAgainst: { cohortId: string; sampleSize: number } | null;
  percentileRankings: Record<string, number>;
  overallPercentile: number | null;
  performanceLabel: PerformanceLabel;
  benchmarkComparison: { aboveBenchmark: string[]; atBenchmark: string[]; belowBenchmark: string[] };
}

/**
 * Places a customer: its cohort by monthly activity, then percentile ranks of each metric
 * among the peers of the benchmark snapshot. Above benchmark = above the peers' p75, below =
 * under their p25, at = within the interquartile range.
 */
export function placeInCohort(
  health: SmeHealth,
  monthly: { transactions: number; volume: number },
  benchmarks: readonly CohortBenchmark[],
): CohortPlacement {
  const cohort = cohortFor(monthly.transactions, monthly.volume);
  const byId = new Map(benchmarks.map((b) => [b.cohortId, b]));
  const own = byId.get(cohort.cohortId);
  const all = byId.get(ALL_COHORT_ID);
  const peers =
    own && own.sampleSize >= MIN_PEERS ? own : all && all.sampleSize >= MIN_PEERS ? all : undefined;
  const comparison = {
    aboveBenchmark: [] as string[],
    atBenchmark: [] as string[],
    belowBenchmark: [] as string[],
  };
  if (!peers)
    return {
      cohort,
      comparedAgainst: null,
      percentileRankings: {},
      overallPercentile: null,
      performanceLabel: "insufficient_peers",
      benchmarkComparison: comparison,
    };
  const values = benchmarkValues(health);
  const rankings: Record<string, number> = {};
  for (const k of BENCHMARK_METRICS) {
    const d = peers.metrics[k];
    if (!d) continue;
    rankings[k] = percentileRank(d.quantiles, values[k]);
    if (k === "overallScore") continue;
    if (values[k] > d.p75) comparison.aboveBenchmark.push(k);
    else if (values[k] < d.p25) comparison.belowBenchmark.push(k);
    else comparison.atBenchmark.push(k);
  }
  const overallPercentile = rankings.overallScore ?? null;
  return {
    cohort,
    comparedAgainst: { cohortId: peers.cohortId, sampleSize: peers.sampleSize },
    percentileRankings: rankings,
    overallPercentile,
    performanceLabel: performanceLabel(overallPercentile),
    benchmarkComparison: comparison,
  };
}

export { ALL_COHORT };
