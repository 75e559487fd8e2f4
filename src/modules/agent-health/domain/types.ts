/** Inputs and outputs of the Agent Health Index (pure; no framework types). */

export const AGENT_TIERS = ["basic", "standard", "premium", "super"] as const;
export const AGENT_STATUSES = ["active", "inactive", "suspended", "pending_verification"] as const;
export const AGENT_TYPES = ["individual", "corporate", "super_agent"] as const;
export type AgentTier = (typeof AGENT_TIERS)[number];
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AHI_BANDS = ["excellent", "good", "fair", "poor", "critical"] as const;
export type AhiBand = (typeof AHI_BANDS)[number];

export const FLAG_SEVERITIES = ["info", "warning", "critical"] as const;
export type FlagSeverity = (typeof FLAG_SEVERITIES)[number];

/**
 * What the index is computed from. Money in major units (GHS, not pesewas). Every field but
 * the float is optional: a missing one makes its component unavailable (listed in
 * missingDataPoints) instead of counting as zero. "Window" fields cover the last
 * `windowDays` days, "previous" the `windowDays` days before that, "7d" the last 7 days.
 */
export interface AgentActivity {
  floatBalance: number;
  floatLimit: number;
  transactionCount?: number;
  transactionCount7d?: number;
  previousPeriodCount?: number;
  cashInCount?: number;
  cashOutCount?: number;
  transactionVolume?: number;
  transactionVolume7d?: number;
  previousPeriodVolume?: number;
  cashInVolume?: number;
  cashOutVolume?: number;
  lastTransactionAt?: string;
  activatedAt?: string;
  createdAt?: string;
}

export const COMPONENT_IDS = [
  "activity_trend",
  "volume_trend",
  "float_utilization",
  "cash_balance",
  "recency",
  "tenure",
] as const;
export type ComponentId = (typeof COMPONENT_IDS)[number];

export interface Component {
  componentId: ComponentId;
  name: string;
  score: number;
  weight: number;
  available: boolean;
  interpretation: string;
  rawValue: number | null;
  threshold: number;
}

export const FLAG_TYPES = [
  "dormancy",
  "no_activity",
  "float_depletion",
  "float_excess",
  "volume_drop",
  "activity_drop",
  "recent_slowdown",
  "cash_imbalance",
  "new_agent",
  "status_not_active",
  "float_stockout_risk",
] as const;
export type FlagType = (typeof FLAG_TYPES)[number];

export interface Flag {
  type: FlagType;
  severity: FlagSeverity;
  description: string;
  detectedAt: string;
  daysSinceActivity: number | null;
  percentageValue: number | null;
  threshold: number | null;
  suggestedAction: string;
  /** What would clear the flag (float_stockout_risk). */
  counterfactual?: string;
}

export interface Evidence {
  metric: string;
  value: number;
  interpretation: string;
}

/** ISO bounds of a calculation: (previousStart, windowStart] is the previous period, (windowStart, now] the window. */
export interface Bounds {
  now: string;
  windowStart: string;
  previousStart: string;
  sevenDayStart: string;
}

export interface ActivityRow {
  agent_id: string;
  n_cur: number;
  n_7: number;
  n_prev: number;
  v_cur: number;
  v_7: number;
  v_prev: number;
  in_n: number;
  out_n: number;
  in_v: number;
  out_v: number;
}
