import type { Band } from "../../bhi/domain/bands";
import type { Trend } from "../../bhi/domain/trend";
import type { RepaymentStanding } from "../../lending/domain/standing";

export const PRIORITIES = ["critical", "high", "medium", "low"] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface ComponentScores {
  liquidity: number;
  volatility: number;
  revenueStability: number;
  expenseRatio: number;
  paymentBehavior: number;
}

/** Cash-flow facts over the last CASH_FLOW_WINDOW_DAYS, aggregated in SQL. */
export interface CashFlowFacts {
  /** Whole days since the customer's newest transaction; null when there is none. */
  daysSinceLastTransaction: number | null;
  creditCount: number;
  /** Completed credits in the window, in minor units. */
  inflowMinor: number;
  /** The largest single payer's share of inflow (0..1); null without inflow. */
  topCounterpartyShare: number | null;
  topCounterpartyName: string | null;
}

export const CASH_FLOW_WINDOW_DAYS = 90;

/** Everything the rules read about one customer. BHI fields are null when none is known. */
export interface NbaFacts {
  customerId: string;
  /** Where bhiOverall/bhiBand/trend came from. */
  bhiSource: "stored" | "override" | "none";
  bhiOverall: number | null;
  bhiBand: Band | null;
  trend: Trend | null;
  /** Component scores of the stored latest record (null when no record is stored). */
  components: ComponentScores | null;
  alerts: ReadonlyArray<{ type: string; severity: string }>;
  metrics: Readonly<Record<string, number>>;
  cashFlow: CashFlowFacts;
  /** The customer's loans as of today (lending module): arrears buckets and late installments. */
  repayment: RepaymentStanding;
}

export interface NbaAction {
  id: string;
  actionType: string;
  ruleId: string;
  title: string;
  description: string;
  priority: Priority;
  category: string;
  suggestedSteps: string[];
  expectedImpact: string;
  confidence: number;
}

export interface NbaResult {
  actions: NbaAction[];
  evaluatedRules: number;
  matchedRules: number;
}

/** What a matching rule contributes; the engine adds id, ruleId and the final confidence. */
export type RuleMatch = Omit<NbaAction, "id" | "ruleId" | "confidence"> & { baseConfidence: number };

export interface NbaRule {
  id: string;
  /** Returns null when the rule does not apply to these facts. */
  evaluate(facts: NbaFacts): RuleMatch | null;
}
