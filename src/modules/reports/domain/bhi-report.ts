import { toCsv } from "./csv";

/** What a BHI report shows; the service fills it from the data and BHI modules. */
export interface BhiReportModel {
  reportId: string;
  generatedAt: string;
  tenant: { id: string; name: string; currency: string };
  customer: {
    id: string;
    name: string;
    externalId: string;
    type: string;
    status: string;
    vertical: string | null;
    industry: string | null;
  };
  bhi: {
    id: string;
    bhiOverall: string;
    bhiBand: string;
    trend: string;
    previousBhi: string | null;
    bhiChangePercent: string | null;
    liquidityScore: string;
    volatilityScore: string;
    revenueStabilityScore: string;
    expenseRatioScore: string;
    paymentBehaviorScore: string;
    inputMetrics?: Record<string, number>;
    reasons?: Array<{
      factor: string;
      score: number;
      weight: number;
      contribution: number;
      direction: string;
      explanation: string;
    }>;
    alerts: Array<{
      type: string;
      severity: string;
      message: string;
      metric: string;
      currentValue: number;
      threshold: number;
    }>;
    componentWeights: Record<string, number>;
    calculationVersion: string;
    createdAt: string;
  };
  /** Newest first. */
  history: Array<{
    id: string;
    bhiOverall: string;
    bhiBand: string;
    trend: string;
    liquidityScore: string;
    volatilityScore: string;
    revenueStabilityScore: string;
    expenseRatioScore: string;
    paymentBehaviorScore: string;
    recordedAt: string;
  }>;
  historyTotal: number;
  disclaimer: string;
}

export const REPORT_DISCLAIMER =
  "The Business Health Index is an advisory indicator computed from the account and transaction data held " +
  "for this customer over the last 12 weeks. It is not a credit score, a credit decision or a guarantee of " +
  "future performance, and it must be reviewed by a qualified person together with other information " +
  "before any credit action is taken.";

export const FACTOR_LABELS: Record<string, string> = {
  liquidity: "Liquidity",
  volatility: "Cash-flow volatility",
  revenueStability: "Revenue stability",
  expenseRatio: "Expense ratio",
  paymentBehavior: "Payment behaviour",
};

export const CSV_HEADER = [
  "record_type",
  "customer_id",
  "record_id",
  "recorded_at",
  "bhi_overall",
  "bhi_band",
  "trend",
  "liquidity_score",
  "volatility_score",
  "revenue_stability_score",
  "expense_ratio_score",
  "payment_behavior_score",
  "factor",
  "score",
  "weight",
  "contribution",
  "direction",
  "explanation",
] as const;

/** Every record has as many fields as the header (RFC 4180). */
const EMPTY_COMPONENT_FIELDS = ["", "", "", "", "", ""];

/**
 * One header row; one `history` row per BHI record (newest first), then one `component`
 * row per component of the latest record (score, weight, contribution, explanation).
 */
export function bhiReportCsv(m: BhiReportModel): string {
  const history = m.history.map((h) => [
    "history",
    m.customer.id,
    h.id,
    h.recordedAt,
    h.bhiOverall,
    h.bhiBand,
    h.trend,
    h.liquidityScore,
    h.volatilityScore,
    h.revenueStabilityScore,
    h.expenseRatioScore,
    h.paymentBehaviorScore,
    ...EMPTY_COMPONENT_FIELDS,
  ]);
  const components = (m.bhi.reasons ?? []).map((r) => [
    "component",
    m.customer.id,
    m.bhi.id,
    m.bhi.createdAt,
    m.bhi.bhiOverall,
    m.bhi.bhiBand,
    m.bhi.trend,
    "",
    "",
    "",
    "",
    "",
    r.factor,
    r.score.toFixed(2),
    r.weight.toFixed(4),
    r.contribution.toFixed(2),
    r.direction,
    r.explanation,
  ]);
  return toCsv(CSV_HEADER, [...history, ...components]);
}
