/** The words of the fraud signal catalog: entity types, severities, signal categories. */
export const ENTITY_TYPES = ["customer", "account", "agent", "merchant"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SIGNAL_CATEGORIES = [
  "velocity",
  "amount",
  "structuring",
  "behavioral",
  "flow",
  "timing",
  "network",
  "refund",
] as const;
export type SignalCategory = (typeof SIGNAL_CATEGORIES)[number];
