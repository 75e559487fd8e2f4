import type { ComponentResult } from "./components";

export type AlertSeverity = "info" | "warning" | "critical";

export interface BhiAlert {
  type: string;
  severity: AlertSeverity;
  message: string;
  metric: string;
  currentValue: number;
  threshold: number;
}

/** Alert thresholds (docs/methodology/bhi.md). */
export const ALERT_THRESHOLDS = {
  lowLiquidityCover: 0.5,
  expenseRatioWarning: 1.0,
  expenseRatioCritical: 1.3,
  revenueCvWarning: 0.5,
  revenueDropPercent: -30,
  volatilityRatioWarning: 1.5,
  failedRateWarning: 0.05,
  failedRateCritical: 0.15,
  bhiDropPoints: 10,
} as const;

export interface AlertInput {
  metrics: ComponentResult["metrics"];
  overall: number;
  previous: number | null;
  riskAlertThreshold: number;
}

/** The alerts of one calculation, in a fixed order. */
export function alertsFor({ metrics: m, overall, previous, riskAlertThreshold }: AlertInput): BhiAlert[] {
  const t = ALERT_THRESHOLDS;
  const alerts: BhiAlert[] = [];
  const add = (a: BhiAlert) => alerts.push(a);

  if (m.balance < 0) {
    add({
      type: "negative_balance",
      severity: "critical",
      message: "Combined account balance is negative.",
      metric: "balance",
      currentValue: m.balance,
      threshold: 0,
    });
  } else if (m.liquidityCoverPeriods !== undefined && m.liquidityCoverPeriods < t.lowLiquidityCover) {
    add({
      type: "low_liquidity",
      severity: "warning",
      message: `Balance covers ${m.liquidityCoverPeriods.toFixed(2)} periods of outflow (below ${t.lowLiquidityCover}).`,
      metric: "liquidityCoverPeriods",
      currentValue: m.liquidityCoverPeriods,
      threshold: t.lowLiquidityCover,
    });
  }
  const expense = m.expenseRatio ?? (m.outflow > 0 ? Number.POSITIVE_INFINITY : 0);
  if (expense > t.expenseRatioWarning) {
    const critical = expense >= t.expenseRatioCritical;
    add({
      type: "expenses_exceed_income",
      severity: critical ? "critical" : "warning",
      message: Number.isFinite(expense)
        ? `Outflow is ${(expense * 100).toFixed(0)}% of inflow over the window.`
        : "Money went out but none came in over the window.",
      metric: "expenseRatio",
      currentValue: Number.isFinite(expense) ? expense : m.outflow,
      threshold: critical ? t.expenseRatioCritical : t.expenseRatioWarning,
    });
  }
  if (m.revenueCv !== undefined && m.revenueCv > t.revenueCvWarning) {
    add({
      type: "unstable_revenue",
      severity: "warning",
      message: `Inflow varies strongly between periods (coefficient of variation ${m.revenueCv.toFixed(2)}).`,
      metric: "revenueCv",
      currentValue: m.revenueCv,
      threshold: t.revenueCvWarning,
    });
  }
  if (m.inflowPeriod2 > 0 && m.revenueChangePercent <= t.revenueDropPercent) {
    add({
      type: "revenue_decline",
      severity: "warning",
      message: `Inflow fell ${Math.abs(m.revenueChangePercent).toFixed(0)}% from the previous 4-week period.`,
      metric: "revenueChangePercent",
      currentValue: m.revenueChangePercent,
      threshold: t.revenueDropPercent,
    });
  }
  if (m.volatilityRatio !== undefined && m.volatilityRatio > t.volatilityRatioWarning) {
    add({
      type: "cash_flow_volatility",
      severity: "warning",
      message: `Weekly net cash flow swings by ${m.volatilityRatio.toFixed(2)}x average weekly inflow.`,
      metric: "volatilityRatio",
      currentValue: m.volatilityRatio,
      threshold: t.volatilityRatioWarning,
    });
  }
  if (m.failedPaymentRate > t.failedRateWarning) {
    const critical = m.failedPaymentRate >= t.failedRateCritical;
    add({
      type: "failed_payments",
      severity: critical ? "critical" : "warning",
      message: `${(m.failedPaymentRate * 100).toFixed(1)}% of outgoing payments failed or were returned.`,
      metric: "failedPaymentRate",
      currentValue: m.failedPaymentRate,
      threshold: critical ? t.failedRateCritical : t.failedRateWarning,
    });
  }
  if (m.overdraftCount > 0) {
    add({
      type: "overdraft",
      severity: "warning",
      message: `${m.overdraftCount} payment(s) left an account below zero.`,
      metric: "overdraftCount",
      currentValue: m.overdraftCount,
      threshold: 0,
    });
  }
  if (previous !== null && previous - overall >= t.bhiDropPoints) {
    add({
      type: "bhi_drop",
      severity: "warning",
      message: `BHI fell ${(previous - overall).toFixed(2)} points since the previous calculation.`,
      metric: "bhiChange",
      currentValue: Math.round((overall - previous) * 100) / 100,
      threshold: -t.bhiDropPoints,
    });
  }
  if (overall < riskAlertThreshold) {
    add({
      type: "below_risk_threshold",
      severity: "critical",
      message: `BHI ${overall.toFixed(2)} is below the risk threshold of ${riskAlertThreshold}.`,
      metric: "bhiOverall",
      currentValue: overall,
      threshold: riskAlertThreshold,
    });
  }
  return alerts;
}
