import { round2 } from "../../../lib/numbers";
import { alertsFor, type BhiAlert } from "./alerts";
import { type Band, bandOf } from "./bands";
import { type CustomerActivity, componentScores, SCORING } from "./components";
import { TREND_WINDOW, type Trend, trendOf } from "./trend";
import { COMPONENTS, type Component, type Weights } from "./weights";

/**
 * The methodology version each record stores (docs/methodology/bhi.md#versions). 1.1.0: revenue
 * and inflow leave out own transfers, loan disbursements and refunds (transaction flows), and
 * payment behaviour blends in the loan repayment record. Older records keep the version they used.
 */
export const CALCULATION_VERSION = "1.1.0";
/** A change of at least this many points (or a band change) is significant. */
export const SIGNIFICANT_CHANGE_POINTS = 5;

export interface Reason {
  factor: Component;
  score: number;
  weight: number;
  contribution: number;
  direction: "positive" | "neutral" | "negative";
  explanation: string;
}

export interface PreviousBhi {
  overall: number;
  band: Band;
  /** Overall scores up to and including that record, oldest first. */
  recentScores: readonly number[];
}

export interface BhiInput {
  activity: CustomerActivity;
  weights: Weights;
  previous: PreviousBhi | null;
  riskAlertThreshold: number;
}

export interface BhiComputation {
  overall: number;
  band: Band;
  scores: Record<Component, number>;
  weights: Weights;
  inputMetrics: Record<string, number>;
  reasons: Reason[];
  alerts: BhiAlert[];
  trend: Trend;
  previousBhi: number | null;
  bhiChangePercent: number | null;
  isSignificantChange: boolean;
  /** Crossed from >= riskAlertThreshold to below it with this calculation. */
  crossedRiskThreshold: boolean;
  recentScores: number[];
  calculationVersion: string;
}

/**
 * The Business Health Index of one customer. Pure and deterministic: the same activity,
 * weights and previous record give the same result. The overall score is the sum of the
 * reasons' contributions, each rounded to 2 decimals, so they add up exactly.
 */
export function calculateBhi({ activity, weights, previous, riskAlertThreshold }: BhiInput): BhiComputation {
  const { scores, metrics } = componentScores(activity);
  const reasons = reasonsFor(scores, weights, metrics);
  const overall = reasons.reduce((cents, r) => cents + Math.round(r.contribution * 100), 0) / 100;
  const band = bandOf(overall);
  const previousBhi = previous?.overall ?? null;
  const recentScores = [...(previous?.recentScores ?? []), overall].slice(-TREND_WINDOW);
  const change = previousBhi === null ? null : overall - previousBhi;
  return {
    overall,
    band,
    scores,
    weights,
    inputMetrics: metrics,
    reasons,
    alerts: alertsFor({ metrics, overall, previous: previousBhi, riskAlertThreshold }),
    trend: trendOf(recentScores),
    previousBhi,
    bhiChangePercent: change === null || previousBhi === 0 ? null : round2((change / previousBhi!) * 100),
    isSignificantChange:
      change !== null && (Math.abs(change) >= SIGNIFICANT_CHANGE_POINTS || band !== previous!.band),
    crossedRiskThreshold:
      previousBhi !== null && previousBhi >= riskAlertThreshold && overall < riskAlertThreshold,
    recentScores,
    calculationVersion: CALCULATION_VERSION,
  };
}

/**
 * The reasons of a calculation: a pure function of its scores, weights and metrics, so a
 * stored record keeps only those and its reasons read back identical.
 */
export function reasonsFor(
  scores: Record<Component, number>,
  weights: Weights,
  metrics: Record<string, number>,
): Reason[] {
  return COMPONENTS.map((factor): Reason => {
    const score = scores[factor];
    return {
      factor,
      score,
      weight: weights[factor],
      contribution: round2(score * weights[factor]),
      direction: score >= 65 ? "positive" : score < 50 ? "negative" : "neutral",
      explanation: explain(factor, metrics),
    };
  });
}

const fmt = (x: number | undefined, digits = 2) => (x === undefined ? "n/a" : x.toFixed(digits));

function explain(factor: Component, m: Record<string, number>): string {
  switch (factor) {
    case "liquidity":
      return m.balance <= 0
        ? `Combined balance is ${fmt(m.balance)}: no cash buffer.`
        : `Balance of ${fmt(m.balance)} covers ${fmt(m.liquidityCoverPeriods)} four-week periods of average outflow; ${SCORING.liquidityFullCoverPeriods} or more scores 100.`;
    case "volatility":
      return `Weekly net cash flow varies by ${fmt(m.weeklyNetStdDev)} (standard deviation), ${fmt(m.volatilityRatio)}x average weekly inflow; ${SCORING.volatilityZeroRatio}x or more scores 0.`;
    case "revenueStability":
      return `Inflow per four-week period: ${fmt(m.inflowPeriod1)}, ${fmt(m.inflowPeriod2)}, ${fmt(m.inflowPeriod3)} (coefficient of variation ${fmt(m.revenueCv)}).`;
    case "expenseRatio":
      return `Outflow is ${m.expenseRatio === undefined ? "n/a" : `${(m.expenseRatio * 100).toFixed(1)}%`} of inflow; ${SCORING.expenseFullRatio * 100}% or less scores 100, ${SCORING.expenseZeroRatio * 100}% or more scores 0.`;
    case "paymentBehavior":
      return (
        `${m.failedDebitCount} of ${m.debitCount} outgoing payments failed or were returned; ${m.overdraftCount} overdraft(s).` +
        (m.loanInstallmentsDue === undefined
          ? ""
          : ` Loans: ${m.loanInstallmentsOnTime} of ${m.loanInstallmentsDue} installments paid on time; ${m.loanDaysPastDue} day(s) past due.`)
      );
  }
}
