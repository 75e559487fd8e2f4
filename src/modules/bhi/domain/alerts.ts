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

type Metrics = AlertInput["metrics"];
type Rule = (input: AlertInput) => BhiAlert | null;
const t = ALERT_THRESHOLDS;

/** A negative balance, else a balance covering too few periods of outflow. */
const liquidity: Rule = ({ metrics: m }) => {
  if (m.balance < 0) {
    return {
      type: "negative_balance",
      severity: "critical",
      message: "Combined account balance is negative.",
      metric: "balance",
      currentValue: m.balance,
      threshold: 0,
    };
  }
  // Conditions are written as the alert's, so a NaN metric raises nothing.
  if (!(m.liquidityCoverPeriods !== undefined && m.liquidityCoverPeriods < t.lowLiquidityCover)) return null;
  return {
    type: "low_liquidity",
    severity: "warning",
    message: `Balance covers ${m.liquidityCoverPeriods.toFixed(2)} periods of outflow (below ${t.lowLiquidityCover}).`,
    metric: "liquidityCoverPeriods",
    currentValue: m.liquidityCoverPeriods,
    threshold: t.lowLiquidityCover,
  };
};

/** Outflow over inflow; with no inflow at all, any outflow is an infinite ratio. */
const expenseRatioOf = (m: Metrics) => m.expenseRatio ?? (m.outflow > 0 ? Number.POSITIVE_INFINITY : 0);

const expenses: Rule = ({ metrics: m }) => {
  const expense = expenseRatioOf(m);
  if (!(expense > t.expenseRatioWarning)) return null;
  const critical = expense >= t.expenseRatioCritical;
  return {
    type: "expenses_exceed_income",
    severity: critical ? "critical" : "warning",
    message: Number.isFinite(expense)
      ? `Outflow is ${(expense * 100).toFixed(0)}% of inflow over the window.`
      : "Money went out but none came in over the window.",
    metric: "expenseRatio",
    currentValue: Number.isFinite(expense) ? expense : m.outflow,
    threshold: critical ? t.expenseRatioCritical : t.expenseRatioWarning,
  };
};

const unstableRevenue: Rule = ({ metrics: m }) =>
  m.revenueCv !== undefined && m.revenueCv > t.revenueCvWarning
    ? {
        type: "unstable_revenue",
        severity: "warning",
        message: `Inflow varies strongly between periods (coefficient of variation ${m.revenueCv.toFixed(2)}).`,
        metric: "revenueCv",
        currentValue: m.revenueCv,
        threshold: t.revenueCvWarning,
      }
    : null;

const revenueDecline: Rule = ({ metrics: m }) =>
  m.inflowPeriod2 > 0 && m.revenueChangePercent <= t.revenueDropPercent
    ? {
        type: "revenue_decline",
        severity: "warning",
        message: `Inflow fell ${Math.abs(m.revenueChangePercent).toFixed(0)}% from the previous 4-week period.`,
        metric: "revenueChangePercent",
        currentValue: m.revenueChangePercent,
        threshold: t.revenueDropPercent,
      }
    : null;

const volatility: Rule = ({ metrics: m }) =>
  m.volatilityRatio !== undefined && m.volatilityRatio > t.volatilityRatioWarning
    ? {
        type: "cash_flow_volatility",
        severity: "warning",
        message: `Weekly net cash flow swings by ${m.volatilityRatio.toFixed(2)}x average weekly inflow.`,
        metric: "volatilityRatio",
        currentValue: m.volatilityRatio,
        threshold: t.volatilityRatioWarning,
      }
    : null;

const failedPayments: Rule = ({ metrics: m }) => {
  if (!(m.failedPaymentRate > t.failedRateWarning)) return null;
  const critical = m.failedPaymentRate >= t.failedRateCritical;
  return {
    type: "failed_payments",
    severity: critical ? "critical" : "warning",
    message: `${(m.failedPaymentRate * 100).toFixed(1)}% of outgoing payments failed or were returned.`,
    metric: "failedPaymentRate",
    currentValue: m.failedPaymentRate,
    threshold: critical ? t.failedRateCritical : t.failedRateWarning,
  };
};

const overdraft: Rule = ({ metrics: m }) =>
  m.overdraftCount > 0
    ? {
        type: "overdraft",
        severity: "warning",
        message: `${m.overdraftCount} payment(s) left an account below zero.`,
        metric: "overdraftCount",
        currentValue: m.overdraftCount,
        threshold: 0,
      }
    : null;

const bhiDrop: Rule = ({ overall, previous }) =>
  previous !== null && previous - overall >= t.bhiDropPoints
    ? {
        type: "bhi_drop",
        severity: "warning",
        message: `BHI fell ${(previous - overall).toFixed(2)} points since the previous calculation.`,
        metric: "bhiChange",
        currentValue: Math.round((overall - previous) * 100) / 100,
        threshold: -t.bhiDropPoints,
      }
    : null;

const belowRiskThreshold: Rule = ({ overall, riskAlertThreshold }) =>
  overall < riskAlertThreshold
    ? {
        type: "below_risk_threshold",
        severity: "critical",
        message: `BHI ${overall.toFixed(2)} is below the risk threshold of ${riskAlertThreshold}.`,
        metric: "bhiOverall",
        currentValue: overall,
        threshold: riskAlertThreshold,
      }
    : null;

/** The rules in the order their alerts are listed (the order is part of the API). */
const RULES: readonly Rule[] = [
  liquidity,
  expenses,
  unstableRevenue,
  revenueDecline,
  volatility,
  failedPayments,
  overdraft,
  bhiDrop,
  belowRiskThreshold,
];

/** The alerts of one calculation, in a fixed order. */
export function alertsFor(input: AlertInput): BhiAlert[] {
  return RULES.map((rule) => rule(input)).filter((a): a is BhiAlert => a !== null);
}
