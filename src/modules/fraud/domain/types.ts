/** Pure types of fraud evaluation: no Hono, Drizzle or Cloudflare here. */
import type { PeerNorm } from "../../data/domain/peer-stats";
import type { EntityType } from "../../detection/domain/fraud/vocabulary";

// The catalog's vocabulary lives with the catalog (detection, below fraud and rules).
export {
  ENTITY_TYPES,
  type EntityType,
  SEVERITIES,
  type Severity,
  SIGNAL_CATEGORIES,
  type SignalCategory,
} from "../../detection/domain/fraud/vocabulary";

/** One transaction as the signals see it (amounts in minor units, time in epoch ms). */
export interface Txn {
  amountMinor: number;
  type: "credit" | "debit";
  at: number;
  category: string | null;
  status: string;
  description: string | null;
  counterparty: string | null;
}

export interface Evidence {
  field: string;
  observed: string;
  expected: string;
  threshold: string;
  context: string;
  /** observed / threshold: 1 or more means the threshold is reached. */
  deviation: number;
}

/** What one signal concludes about the entity. */
export interface SignalOutcome {
  triggered: boolean;
  evidence: Evidence[];
  explanation: string;
  /** For a triggered signal: the smallest change in the data that would keep it quiet. */
  counterfactual: string | null;
  /** 0..1: how much the conclusion can be trusted given the data available. */
  confidence: number;
  /** Headline deviation (observed / threshold), used for severity and score. */
  deviation: number;
}

/** Everything an evaluation needs, loaded by the service. */
export interface EvaluationInput {
  entityType: EntityType;
  entityId: string;
  now: Date;
  windowDays: number;
  /** When the entity came into existence (null for merchants or when unknown). */
  entityCreatedAt: Date | null;
  /** Transactions from baselineStart to now, any order. */
  transactions: Txn[];
  /** The latest transaction before the baseline period, when there is one. */
  activityBeforeBaselineAt: number | null;
  baselineDays: number;
  /** The tenant's time zone (default UTC) and its offset in minutes at `now` (default 0). */
  timeZone?: string;
  utcOffsetMinutes?: number;
  /** The entity's peer group (docs/methodology/peers.md); absent or null: its own history alone. */
  peers?: PeerNorm | null;
}
