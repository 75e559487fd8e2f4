import type { NbaFacts, NbaRule, Priority } from "./facts";
import { arrearsEarlyContact, creditLineIncrease, restructureOffer } from "./lending-rules";

export type { NbaRule, RuleMatch } from "./facts";

/** Thresholds of the catalog (docs/methodology/nba.md explains each). */
export const NBA_THRESHOLDS = {
  lowLiquidityScore: 40,
  criticalLiquidityScore: 20,
  weakPaymentScore: 60,
  volatileScore: 40,
  concentrationShare: 0.5,
  highConcentrationShare: 0.75,
  concentrationMinCredits: 5,
  dormantDays: 30,
  longDormantDays: 90,
  expenseRatio: 1.0,
} as const;

const T = NBA_THRESHOLDS;
const hasAlert = (f: NbaFacts, ...types: string[]) => f.alerts.some((a) => types.includes(a.type));
const alertSeverity = (f: NbaFacts, type: string) => f.alerts.find((a) => a.type === type)?.severity;
const pct = (x: number) => `${Math.round(x * 100)}%`;

const liquidityBuffer: NbaRule = {
  id: "NBA-LIQ-001",
  evaluate(f) {
    const score = f.components?.liquidity;
    const negative = hasAlert(f, "negative_balance");
    if (!negative && !hasAlert(f, "low_liquidity") && !(score !== undefined && score < T.lowLiquidityScore))
      return null;
    const priority: Priority = negative
      ? "critical"
      : score !== undefined && score < T.criticalLiquidityScore
        ? "high"
        : "medium";
    const cover = f.metrics.liquidityCoverPeriods;
    return {
      actionType: "liquidity_buffer",
      title: negative ? "Restore a positive balance" : "Build a liquidity buffer",
      description: negative
        ? "The combined account balance is negative; the customer has no cushion for upcoming outflows."
        : `The balance covers ${cover === undefined ? "little" : `${cover.toFixed(2)} periods`} of outflow, below the two periods a healthy buffer holds.`,
      priority,
      category: "liquidity",
      suggestedSteps: [
        "Contact the customer to review upcoming obligations for the next 4 weeks",
        "Agree a weekly savings sweep into a buffer account",
        "Offer a short-term overdraft or working-capital line sized to one period of outflow",
      ],
      expectedImpact: "Liquidity score towards 100 as the balance reaches two periods of outflow",
      baseConfidence: negative ? 0.9 : 0.8,
    };
  },
};

const overduePaymentFollowUp: NbaRule = {
  id: "NBA-PAY-001",
  evaluate(f) {
    const score = f.components?.paymentBehavior;
    const failed = hasAlert(f, "failed_payments");
    const overdraft = hasAlert(f, "overdraft");
    if (!failed && !overdraft && !(score !== undefined && score < T.weakPaymentScore)) return null;
    const critical = alertSeverity(f, "failed_payments") === "critical";
    const failedCount = f.metrics.failedDebitCount ?? 0;
    return {
      actionType: "overdue_payment_follow_up",
      title: "Follow up on failed and overdue payments",
      description: `${failedCount} failed debit(s)${overdraft ? " and overdrafts" : ""} in the last 12 weeks point to payments the customer could not meet.`,
      priority: critical ? "critical" : "high",
      category: "collections",
      suggestedSteps: [
        "Call the customer within 48 hours to confirm the missed obligations",
        "Agree a dated repayment plan for the arrears",
        "Move recurring debits to the days after the customer's main inflows",
      ],
      expectedImpact: "Fewer failed debits; payment behaviour score recovers as the failed rate falls",
      baseConfidence: failed ? 0.85 : 0.7,
    };
  },
};

const cashFlowCoaching: NbaRule = {
  id: "NBA-CFC-001",
  evaluate(f) {
    const score = f.components?.volatility;
    if (
      f.trend !== "volatile" &&
      !hasAlert(f, "cash_flow_volatility") &&
      !(score !== undefined && score < T.volatileScore)
    )
      return null;
    return {
      actionType: "cash_flow_coaching",
      title: "Cash-flow coaching",
      description:
        "Weekly net cash flow swings widely; the customer's repayment capacity is hard to predict.",
      priority: "medium",
      category: "advisory",
      suggestedSteps: [
        "Share a simple weekly cash-flow plan template",
        "Suggest smoothing large purchases across weeks",
        "Schedule a follow-up review in 4 weeks",
      ],
      expectedImpact: "Steadier weekly net flow; volatility score improves",
      baseConfidence: 0.65,
    };
  },
};

const concentrationWarning: NbaRule = {
  id: "NBA-CON-001",
  evaluate(f) {
    const share = f.cashFlow.topCounterpartyShare;
    if (share === null || share < T.concentrationShare || f.cashFlow.creditCount < T.concentrationMinCredits)
      return null;
    return {
      actionType: "concentration_warning",
      title: "Reduce dependence on one payer",
      description: `${pct(share)} of inflow in the last 90 days came from ${f.cashFlow.topCounterpartyName ?? "one counterparty"}.`,
      priority: share >= T.highConcentrationShare ? "high" : "medium",
      category: "risk",
      suggestedSteps: [
        "Discuss the customer's plans to widen the customer base",
        "Check the main payer's own standing and payment terms",
      ],
      expectedImpact: "Lower exposure to the loss of a single payer",
      baseConfidence: 0.7,
    };
  },
};

const dormantOutreach: NbaRule = {
  id: "NBA-DRM-001",
  evaluate(f) {
    const days = f.cashFlow.daysSinceLastTransaction;
    if (days !== null && days < T.dormantDays) return null;
    return {
      actionType: "dormant_account_outreach",
      title: "Re-engage a dormant customer",
      description:
        days === null
          ? "The customer has no recorded transactions."
          : `No transaction in the last ${days} days.`,
      priority: days !== null && days >= T.longDormantDays ? "medium" : "low",
      category: "engagement",
      suggestedSteps: [
        "Contact the customer to confirm the account is still in use",
        "Check whether activity moved to another provider",
      ],
      expectedImpact: "Reactivated account or an early signal of attrition",
      baseConfidence: 0.6,
    };
  },
};

const expenseReview: NbaRule = {
  id: "NBA-EXP-001",
  evaluate(f) {
    const ratio = f.metrics.expenseRatio;
    if (!hasAlert(f, "expenses_exceed_income") && !(ratio !== undefined && ratio > T.expenseRatio))
      return null;
    return {
      actionType: "expense_review",
      title: "Review expenses against income",
      description: `Outflows are ${ratio === undefined ? "above" : `${ratio.toFixed(2)}x`} inflows over the last 12 weeks.`,
      priority: alertSeverity(f, "expenses_exceed_income") === "critical" ? "critical" : "high",
      category: "advisory",
      suggestedSteps: [
        "Go through the largest debit categories with the customer",
        "Agree which recurring costs can be cut or deferred",
      ],
      expectedImpact: "Expense ratio back below 1.0; expense score improves",
      baseConfidence: 0.75,
    };
  },
};

const revenueRecovery: NbaRule = {
  id: "NBA-REV-001",
  evaluate(f) {
    if (!hasAlert(f, "revenue_decline")) return null;
    const change = f.metrics.revenueChangePercent;
    return {
      actionType: "revenue_recovery",
      title: "Investigate the drop in revenue",
      description: `Inflow in the last 4 weeks changed by ${change === undefined ? "a large amount" : `${change.toFixed(2)}%`} against the 4 weeks before.`,
      priority: "high",
      category: "advisory",
      suggestedSteps: [
        "Ask the customer what changed (season, lost client, stock)",
        "Re-check BHI after the next 4 weeks of activity",
      ],
      expectedImpact: "Early response to a falling income",
      baseConfidence: 0.7,
    };
  },
};

/** The catalog, in evaluation order (also the tie-break for equal priorities). */
export const NBA_RULES: readonly NbaRule[] = [
  liquidityBuffer,
  overduePaymentFollowUp,
  arrearsEarlyContact,
  restructureOffer,
  expenseReview,
  revenueRecovery,
  cashFlowCoaching,
  concentrationWarning,
  creditLineIncrease,
  dormantOutreach,
];
