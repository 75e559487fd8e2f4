import { round2 } from "../../../lib/numbers";
import { stdDev, sum } from "./math";
import {
  computeMetrics,
  confidenceScore,
  growthScore,
  herfindahl,
  peakShare,
  type SmeActivity,
  type SmeMetrics,
  THRESHOLDS,
  type Totals,
} from "./metrics";

/**
 * Stored with every assessment and snapshot (docs/methodology/sme-health.md#versions). 1.1.0:
 * inflow and payer concentration leave out own transfers, loan disbursements and refunds, and
 * outflow leaves out transfers to own accounts. Stored assessments keep the version they used.
 */
export const CALCULATION_VERSION = "1.1.0";

/** Weights of the overall score (sum 1). Growth enters as growthScore(growthRatePercent). */
export const OVERALL_WEIGHTS = {
  cashFlowHealth: 0.25,
  stabilityIndex: 0.2,
  growth: 0.15,
  diversificationIndex: 0.15,
  activityIndex: 0.15,
  seasonalityScore: 0.1,
} as const;

export const OVERALL_TRENDS = ["improving", "stable", "declining"] as const;
export type OverallTrend = (typeof OVERALL_TRENDS)[number];

export interface Evidence {
  metric: string;
  value: number;
  interpretation: string;
}

export interface SmeHealth {
  metrics: SmeMetrics;
  overallScore: number;
  overallTrend: OverallTrend;
  confidenceScore: number;
  evidence: Evidence[];
}

/** What cohort placement needs besides the health: monthly activity level. */
export interface HealthComputation {
  health: SmeHealth;
  totals: Totals;
}

export function overallScore(m: SmeMetrics): number {
  const w = OVERALL_WEIGHTS;
  return round2(
    w.cashFlowHealth * m.cashFlowHealth +
      w.stabilityIndex * m.stabilityIndex +
      w.growth * growthScore(m.growthRatePercent) +
      w.diversificationIndex * m.diversificationIndex +
      w.activityIndex * m.activityIndex +
      w.seasonalityScore * m.seasonalityScore,
  );
}

/**
 * Improving: inflow grows (>= +10% half over half) and the newer half is not cash-negative.
 * Declining: inflow shrinks (<= -10%), or the newer half is cash-negative and worse than the older.
 */
export function overallTrend(m: SmeMetrics, t: Totals): OverallTrend {
  if (m.growthTrend === "declining" || (t.recentNetMinor < 0 && t.recentNetMinor < t.earlierNetMinor))
    return "declining";
  if (m.growthTrend === "improving" && t.recentNetMinor >= 0) return "improving";
  return "stable";
}

/** The SME health of one customer: pure and deterministic for the same activity. */
export function assessHealth(a: SmeActivity): HealthComputation {
  const { metrics, totals } = computeMetrics(a);
  return {
    totals,
    health: {
      metrics,
      overallScore: overallScore(metrics),
      overallTrend: overallTrend(metrics, totals),
      confidenceScore: confidenceScore(a, totals),
      evidence: evidenceFor(a, metrics, totals),
    },
  };
}

function inflowCv(a: SmeActivity): number {
  const inflows = a.buckets.map((x) => x.inflowMinor);
  const mean = sum(inflows) / inflows.length;
  return mean > 0 ? stdDev(inflows) / mean : 0;
}

const money = (minor: number) => (minor / 100).toFixed(2);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const level = (score: number) => (score >= 70 ? "strong" : score >= 40 ? "moderate" : "weak");

function evidenceFor(a: SmeActivity, m: SmeMetrics, t: Totals): Evidence[] {
  const n = a.buckets.length;
  const days = round2(a.windowDays / n);
  const hhi = herfindahl(a);
  const peak = peakShare(a);
  const margin = t.inflowMinor > 0 ? (t.inflowMinor - t.outflowMinor) / t.inflowMinor : null;
  return [
    {
      metric: "stabilityIndex",
      value: m.stabilityIndex,
      interpretation:
        t.inflowMinor > 0
          ? `Inflow per ${days}-day period has a coefficient of variation of ${inflowCv(a).toFixed(2)} across ${n} periods (${level(m.stabilityIndex)} stability; ${THRESHOLDS.stabilityZeroCv} or more scores 0).`
          : "No inflow in the window: revenue stability cannot be shown.",
    },
    {
      metric: "growthRatePercent",
      value: m.growthRatePercent,
      interpretation:
        n < 2
          ? "The window is too short to compare two halves: growth is reported as 0."
          : `Inflow in the newer half of the window was ${money(t.recentInflowMinor)} against ${money(t.earlierInflowMinor)} in the older half (${m.growthTrend}; +/-${THRESHOLDS.growthTrendPercent}% marks a trend).`,
    },
    {
      metric: "diversificationIndex",
      value: m.diversificationIndex,
      interpretation:
        hhi === null
          ? t.inflowMinor > 0
            ? "No inflow names its source (counterparty, merchant or category): diversification is unknown and scored neutral 50."
            : "No inflow in the window."
          : `${a.sourceCount} named inflow source(s); Herfindahl index ${hhi.toFixed(4)} (about ${(1 / hhi).toFixed(1)} equally sized sources). ${THRESHOLDS.diversifiedHhi} or lower scores 100.`,
    },
    {
      metric: "seasonalityScore",
      value: m.seasonalityScore,
      interpretation: !peak
        ? "No inflow in the window."
        : n < THRESHOLDS.seasonalityMinBuckets
          ? `Only ${n} period(s) in the window: dependence on peak periods cannot be measured (neutral 50).`
          : `The busiest quarter of the periods brought ${pct(peak.share)} of inflow against an even share of ${pct(peak.even)} (higher score = less dependent on peaks).`,
    },
    {
      metric: "cashFlowHealth",
      value: m.cashFlowHealth,
      interpretation:
        margin === null
          ? `No inflow against outflow of ${money(t.outflowMinor)}.`
          : `Net margin ${pct(margin)} (inflow ${money(t.inflowMinor)}, outflow ${money(t.outflowMinor)}); ${level(m.cashFlowHealth)} cash-flow health.`,
    },
    {
      metric: "activityIndex",
      value: m.activityIndex,
      interpretation: `${t.count} transactions on ${a.activeDays} of ${a.windowDays} days (${t.monthlyTransactions.toFixed(1)} per 30 days).`,
    },
  ];
}
