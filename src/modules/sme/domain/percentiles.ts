import { round1, round2 } from "../../../lib/numbers";
import { sum } from "./math";

/** Percent points at which a benchmark keeps its distribution: 0, 5, ..., 100. */
export const QUANTILE_STEP = 5;
export const QUANTILE_POINTS = Array.from({ length: 100 / QUANTILE_STEP + 1 }, (_, i) => i * QUANTILE_STEP);

/**
 * The p-th percentile (0-100) of ascending values by linear interpolation between closest
 * ranks (h = (N - 1) p / 100; Hyndman-Fan type 7, the default of numpy and spreadsheets).
 */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError("quantile of no values");
  const h = ((sorted.length - 1) * p) / 100;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export interface Distribution {
  p25: number;
  p50: number;
  p75: number;
  mean: number;
  /** Values at QUANTILE_POINTS (21 points), for percentile ranks of later values. */
  quantiles: number[];
}

export function distributionOf(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p25: round2(quantile(sorted, 25)),
    p50: round2(quantile(sorted, 50)),
    p75: round2(quantile(sorted, 75)),
    mean: round2(sum(sorted) / sorted.length),
    quantiles: QUANTILE_POINTS.map((p) => round2(quantile(sorted, p))),
  };
}

/**
 * Percentile rank (0-100, 1 decimal) of a value in a distribution kept as quantiles at
 * QUANTILE_POINTS: linear between the points; a value equal to a run of tied points gets
 * the middle of that run (so the median of identical peers is 50, not 0 or 100).
 */
export function percentileRank(quantiles: readonly number[], value: number): number {
  const last = quantiles.length - 1;
  const step = 100 / last;
  const first = quantiles.findIndex((q) => q >= value);
  if (first === -1) return 100;
  if (quantiles[first] === value) {
    let end = first;
    while (end < last && quantiles[end + 1] === value) end++;
    return round1(((first + end) / 2) * step);
  }
  if (first === 0) return 0;
  const lo = quantiles[first - 1];
  const hi = quantiles[first];
  return round1((first - 1 + (value - lo) / (hi - lo)) * step);
}
