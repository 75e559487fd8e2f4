import { clamp, round2 } from "../../../lib/numbers";
import { stdDev, sum } from "./math";

/** One equal-length slice of the window (about a week), amounts in minor units. */
export interface Bucket {
  inflowMinor: number;
  outflowMinor: number;
  count: number;
}

/**
 * A customer's activity over the window, aggregated in SQL. Only money that moved is in it
 * (failed, declined, returned, reversed, bounced and cancelled transactions are left out).
 */
export interface SmeActivity {
  windowDays: number;
  /** bucketCount(windowDays) buckets, oldest first. */
  buckets: readonly Bucket[];
  /** Distinct calendar days (UTC) with at least one transaction. */
  activeDays: number;
  /** Inflow whose source is named (counterparty account or name, merchant, category). */
  attributedInflowMinor: number;
  /** Sum over named sources of (inflow from that source)^2, minor units squared. */
  sourceSquareSum: number;
  sourceCount: number;
}

export const METRICS = [
  "stabilityIndex",
  "diversificationIndex",
  "seasonalityScore",
  "cashFlowHealth",
  "activityIndex",
] as const;
export type ScoreMetric = (typeof METRICS)[number];

export const GROWTH_TRENDS = ["improving", "stable", "declining"] as const;
export type GrowthTrend = (typeof GROWTH_TRENDS)[number];

export interface SmeMetrics {
  stabilityIndex: number;
  growthTrend: GrowthTrend;
  growthRatePercent: number;
  diversificationIndex: number;
  seasonalityScore: number;
  cashFlowHealth: number;
  activityIndex: number;
}

/** Every threshold of the metrics (docs/methodology/sme-health.md explains each). */
export const THRESHOLDS = {
  /** Coefficient of variation of bucket inflow that scores 0 stability. */
  stabilityZeroCv: 1,
  /** Growth (half over half) at or beyond which the trend is improving / declining. */
  growthTrendPercent: 10,
  /** growthRatePercent is kept within these bounds (a tiny first half would explode it). */
  growthCapPercent: 1_000,
  /** Herfindahl index of inflow sources at or below which diversification scores 100. */
  diversifiedHhi: 0.1,
  /** Fewer buckets than this: seasonality cannot be measured (neutral 50). */
  seasonalityMinBuckets: 4,
  /** Net margin (net / inflow) that scores 100 and 0 on the margin part of cash-flow health. */
  marginFull: 0.2,
  marginZero: -0.2,
  cashFlowMarginWeight: 0.6,
  /** Share of days with activity, and transactions per 30 days, that score 100. */
  activeDayShareFull: 0.5,
  monthlyTransactionsFull: 60,
  /** Transactions, and days of window, that give full confidence. */
  confidenceTransactions: 30,
  confidenceWindowDays: 28,
} as const;

/** Buckets of about a week: at least one, equal length windowDays / n. */
export const bucketCount = (windowDays: number): number => Math.max(1, Math.round(windowDays / 7));

export interface Totals {
  inflowMinor: number;
  outflowMinor: number;
  count: number;
  activeBuckets: number;
  /** Per 30 days: transaction count and money moved in and out (minor units). */
  monthlyTransactions: number;
  monthlyVolumeMinor: number;
  earlierInflowMinor: number;
  recentInflowMinor: number;
  earlierNetMinor: number;
  recentNetMinor: number;
}

export function totalsOf(a: SmeActivity): Totals {
  const b = a.buckets;
  const half = Math.floor(b.length / 2);
  const earlier = b.slice(0, half);
  const recent = b.slice(b.length - half);
  const inflowMinor = sum(b.map((x) => x.inflowMinor));
  const outflowMinor = sum(b.map((x) => x.outflowMinor));
  const count = sum(b.map((x) => x.count));
  return {
    inflowMinor,
    outflowMinor,
    count,
    activeBuckets: b.filter((x) => x.count > 0).length,
    monthlyTransactions: (count * 30) / a.windowDays,
    monthlyVolumeMinor: ((inflowMinor + outflowMinor) * 30) / a.windowDays,
    earlierInflowMinor: sum(earlier.map((x) => x.inflowMinor)),
    recentInflowMinor: sum(recent.map((x) => x.inflowMinor)),
    earlierNetMinor: sum(earlier.map((x) => x.inflowMinor - x.outflowMinor)),
    recentNetMinor: sum(recent.map((x) => x.inflowMinor - x.outflowMinor)),
  };
}

/** Stability: 100 x (1 - CV of bucket inflow); CV >= 1 or no inflow scores 0. */
export function stabilityIndex(a: SmeActivity): number {
  const inflows = a.buckets.map((x) => x.inflowMinor);
  const mean = sum(inflows) / inflows.length;
  if (mean <= 0) return 0;
  return round2(clamp(100 * (1 - stdDev(inflows) / mean / THRESHOLDS.stabilityZeroCv)));
}

/** Inflow of the newer half of the window against the older half (the middle bucket of an odd count is left out). */
export function growth(t: Totals, buckets: number): { growthRatePercent: number; growthTrend: GrowthTrend } {
  const cap = THRESHOLDS.growthCapPercent;
  let rate = 0;
  if (buckets >= 2 && t.earlierInflowMinor > 0)
    rate = ((t.recentInflowMinor - t.earlierInflowMinor) / t.earlierInflowMinor) * 100;
  else if (buckets >= 2 && t.recentInflowMinor > 0) rate = 100; // revenue where there was none
  const growthRatePercent = round2(clamp(rate, -100, cap));
  const growthTrend: GrowthTrend =
    growthRatePercent >= THRESHOLDS.growthTrendPercent
      ? "improving"
      : growthRatePercent <= -THRESHOLDS.growthTrendPercent
        ? "declining"
        : "stable";
  return { growthRatePercent, growthTrend };
}

/** Growth as a 0-100 score for the overall score: -50% scores 0, flat 50, +50% or more 100. */
export const growthScore = (growthRatePercent: number): number => round2(clamp(50 + growthRatePercent));

/** Herfindahl-Hirschman index of inflow over named sources (1 = one source), or null without any. */
export function herfindahl(a: SmeActivity): number | null {
  if (a.attributedInflowMinor <= 0) return null;
  return Math.min(1, a.sourceSquareSum / a.attributedInflowMinor ** 2);
}

/** Diversification: 100 x (1 - HHI) / 0.9; unknown sources with inflow: neutral 50; no inflow: 0. */
export function diversificationIndex(a: SmeActivity, inflowMinor: number): number {
  const hhi = herfindahl(a);
  if (hhi === null) return inflowMinor > 0 ? 50 : 0;
  return round2(clamp((100 * (1 - hhi)) / (1 - THRESHOLDS.diversifiedHhi)));
}

/** Share of inflow in the busiest quarter of the buckets (k = round(n / 4), at least 1). */
export function peakShare(a: SmeActivity): { share: number; even: number } | null {
  const inflows = a.buckets.map((x) => x.inflowMinor);
  const total = sum(inflows);
  if (total <= 0) return null;
  const k = Math.max(1, Math.round(inflows.length / 4));
  const top = sum([...inflows].sort((x, y) => y - x).slice(0, k));
  return { share: top / total, even: k / inflows.length };
}

/**
 * Seasonality resilience (higher = less dependent on peak periods): 100 when the peak
 * quarter holds only its even share of inflow, 0 when it holds all of it.
 */
export function seasonalityScore(a: SmeActivity): number {
  const peak = peakShare(a);
  if (!peak) return 0;
  if (a.buckets.length < THRESHOLDS.seasonalityMinBuckets) return 50;
  return round2(clamp(100 * (1 - (peak.share - peak.even) / (1 - peak.even))));
}

/** Cash-flow health: 60% net margin (-20% -> 0, +20% -> 100), 40% share of active buckets with net >= 0. */
export function cashFlowHealth(a: SmeActivity, t: Totals): number {
  const margin = t.inflowMinor > 0 ? (t.inflowMinor - t.outflowMinor) / t.inflowMinor : null;
  const { marginFull: full, marginZero: zero, cashFlowMarginWeight: w } = THRESHOLDS;
  const marginScore = margin === null ? 0 : clamp((100 * (margin - zero)) / (full - zero));
  const active = a.buckets.filter((x) => x.count > 0);
  const positive = active.filter((x) => x.inflowMinor >= x.outflowMinor).length;
  const positiveShare = active.length ? positive / active.length : 0;
  return round2(w * marginScore + (1 - w) * 100 * positiveShare);
}

/** Activity: half share of active days (50% of days -> 100), half transactions per 30 days (60 -> 100). */
export function activityIndex(a: SmeActivity, t: Totals): number {
  const dayScore = clamp((100 * (a.activeDays / a.windowDays)) / THRESHOLDS.activeDayShareFull);
  const countScore = clamp((100 * t.monthlyTransactions) / THRESHOLDS.monthlyTransactionsFull);
  return round2((dayScore + countScore) / 2);
}

export function computeMetrics(a: SmeActivity): { metrics: SmeMetrics; totals: Totals } {
  const totals = totalsOf(a);
  return {
    totals,
    metrics: {
      stabilityIndex: stabilityIndex(a),
      ...growth(totals, a.buckets.length),
      diversificationIndex: diversificationIndex(a, totals.inflowMinor),
      seasonalityScore: seasonalityScore(a),
      cashFlowHealth: cashFlowHealth(a, totals),
      activityIndex: activityIndex(a, totals),
    },
  };
}

/**
 * Data sufficiency, 0-1: window factor (a window under 28 days is scaled down) times
 * 40% transaction count (30 -> full), 40% bucket coverage, 20% share of inflow with a named source.
 */
export function confidenceScore(a: SmeActivity, t: Totals): number {
  const windowFactor = Math.min(1, a.windowDays / THRESHOLDS.confidenceWindowDays);
  const volume = Math.min(1, t.count / THRESHOLDS.confidenceTransactions);
  const coverage = t.activeBuckets / a.buckets.length;
  const attribution = t.inflowMinor > 0 ? Math.min(1, a.attributedInflowMinor / t.inflowMinor) : 0;
  return round2(windowFactor * (0.4 * volume + 0.4 * coverage + 0.2 * attribution));
}
