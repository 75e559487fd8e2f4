import type { BhiRecordRow } from "../../db/shard/bhi";
import type { BhiAlert } from "./domain/alerts";
import { reasonsFor } from "./domain/calculate";
import type { Weights } from "./domain/weights";

const score = (x: number) => x.toFixed(2);
const scoreOrNull = (x: number | null) => (x === null ? null : x.toFixed(2));

/** BHIRecord as the API shows it (scores as 2-decimal strings, docs/contract.md#money). */
export function presentRecord(row: BhiRecordRow, details = true) {
  return {
    id: row.id,
    tenantId: row.tenantId,
    customerId: row.customerId,
    bhiOverall: score(row.bhiOverall),
    bhiBand: row.bhiBand as "excellent" | "good" | "fair" | "poor" | "critical",
    liquidityScore: score(row.liquidityScore),
    volatilityScore: score(row.volatilityScore),
    revenueStabilityScore: score(row.revenueStabilityScore),
    expenseRatioScore: score(row.expenseRatioScore),
    paymentBehaviorScore: score(row.paymentBehaviorScore),
    trend: row.trend as "improving" | "stable" | "declining" | "volatile",
    previousBhi: scoreOrNull(row.previousBhi),
    bhiChangePercent: scoreOrNull(row.bhiChangePercent),
    ...(details ? { inputMetrics: row.inputMetrics, reasons: reasonsOf(row) } : {}),
    alerts: row.alerts as BhiAlert[],
    componentWeights: row.componentWeights as Weights,
    calculationVersion: row.calculationVersion,
    isLatest: row.isLatest,
    createdAt: row.createdAt,
  };
}

export function presentHistory(row: BhiRecordRow) {
  return {
    id: row.id,
    bhiOverall: score(row.bhiOverall),
    bhiBand: row.bhiBand as "excellent" | "good" | "fair" | "poor" | "critical",
    liquidityScore: score(row.liquidityScore),
    volatilityScore: score(row.volatilityScore),
    revenueStabilityScore: score(row.revenueStabilityScore),
    expenseRatioScore: score(row.expenseRatioScore),
    paymentBehaviorScore: score(row.paymentBehaviorScore),
    trend: row.trend as "improving" | "stable" | "declining" | "volatile",
    calculationVersion: row.calculationVersion,
    recordedAt: row.createdAt,
  };
}

/** Reasons are derived from the stored scores, weights and metrics (not stored twice). */
export const reasonsOf = (row: BhiRecordRow) =>
  reasonsFor(
    {
      liquidity: row.liquidityScore,
      volatility: row.volatilityScore,
      revenueStability: row.revenueStabilityScore,
      expenseRatio: row.expenseRatioScore,
      paymentBehavior: row.paymentBehaviorScore,
    },
    row.componentWeights as Weights,
    row.inputMetrics,
  );
