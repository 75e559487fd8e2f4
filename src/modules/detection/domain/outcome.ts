/**
 * Pure rules of a screening's outcome: which kinds raise an alert, when a fraud case opens,
 * which AML rules may open (or add to) a case, and the note a hit leaves on an open case.
 */

export const SEVERITY_ORDER = ["low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITY_ORDER)[number];

/** Fraud `createCaseThreshold` when the live version sets none (the evaluate-and-create default). */
export const DEFAULT_CREATE_CASE_THRESHOLD = 30;

/** Entity types each evaluation covers (fraud has no counterparty entity). */
export const FRAUD_ENTITY_TYPES = ["customer", "account", "agent", "merchant"] as const;
export type FraudEntityType = (typeof FRAUD_ENTITY_TYPES)[number];
export const isFraudEntity = (type: string): type is FraudEntityType =>
  (FRAUD_ENTITY_TYPES as readonly string[]).includes(type);

/** The highest of the given severities (low when none). */
export function highestSeverity(levels: readonly string[]): Severity {
  let best = 0;
  for (const level of levels) best = Math.max(best, SEVERITY_ORDER.indexOf(level as Severity));
  return SEVERITY_ORDER[best];
}

/** A fraud hit opens (or adds to) a case when a signal fired and the score reaches the threshold. */
export const fraudOpensCase = (fired: number, overallScore: number, threshold: number | undefined) =>
  fired > 0 && overallScore >= (threshold ?? DEFAULT_CREATE_CASE_THRESHOLD);

interface RuleConfig {
  opensCase?: boolean;
}

/** Fired AML rules whose live configuration lets them open a case (opensCase absent: true). */
export function amlCaseRules(
  fired: readonly string[],
  content: {
    builtins: Readonly<Record<string, RuleConfig>>;
    custom: readonly ({ ruleId: string } & RuleConfig)[];
  },
): string[] {
  const custom = new Map(content.custom.map((r) => [r.ruleId, r]));
  return fired.filter((id) => (content.builtins[id] ?? custom.get(id))?.opensCase !== false);
}

/** The `alert_added` note on an already open case: which alert, which rules, which trigger. */
export function alertNote(alert: { alertId: string; trigger: string; ruleIds: readonly string[] }): string {
  return `Monitoring alert ${alert.alertId} (${alert.trigger}): ${alert.ruleIds.join(", ")}`;
}

/** Entities monitoring queues and screens (the pending table's entity_type). */
export const MONITORED_ENTITIES = ["customer", "account", "agent", "merchant", "counterparty"] as const;
