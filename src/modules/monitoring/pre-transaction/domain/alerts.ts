/**
 * Pure shaping of a pre-transaction screening's stored alerts (monitoring_alerts, trigger
 * pre_transaction): one per kind with at least one fired rule, with one index row per rule.
 * No case, no webhook: the transaction may never happen, so nothing downstream acts on it.
 */
export interface Stamp {
  kind: "fraud" | "aml";
  version: number;
  hash: string;
}

export interface FiredRule {
  ruleId: string;
  severity: string;
}

export interface AlertRow {
  id: string;
  kind: "fraud" | "aml";
  trigger: "pre_transaction";
  entityType: "customer" | "account";
  entityId: string;
  severity: string;
  score: number | null;
  ruleIds: string[];
  ruleSetVersion: number;
  ruleSetHash: string;
  screeningId: string;
  runId: null;
  cases: never[];
  detail: Record<string, unknown>;
  createdAt: string;
  rules: Array<{ alertId: string; ruleId: string; severity: string; createdAt: string }>;
}

const RISK_ORDER = ["low", "medium", "high", "critical"];

/** The highest of the fired rules' severities (fraud severity or AML risk level share one scale). */
export function highestSeverity(rules: FiredRule[]): string {
  return rules.reduce(
    (top, r) => (RISK_ORDER.indexOf(r.severity) > RISK_ORDER.indexOf(top) ? r.severity : top),
    rules[0]?.severity ?? "low",
  );
}

export interface AlertInput {
  id: string;
  kind: "fraud" | "aml";
  entityType: "customer" | "account";
  entityId: string;
  screeningId: string;
  /** Fraud: the alert's own severity and score; AML: null (the highest risk level is used). */
  severity: string | null;
  score: number | null;
  fired: FiredRule[];
  ruleSet: Stamp;
  detail: Record<string, unknown>;
  at: string;
}

/** The alert row, or null when nothing fired (no alert for a quiet kind). */
export function alertRow(input: AlertInput): AlertRow | null {
  if (input.fired.length === 0) return null;
  // A rule id appears once per alert (the rule index's primary key is (alert, rule)).
  const rules = [...new Map(input.fired.map((r) => [r.ruleId, r])).values()];
  return {
    id: input.id,
    kind: input.kind,
    trigger: "pre_transaction",
    entityType: input.entityType,
    entityId: input.entityId,
    severity: input.severity ?? highestSeverity(rules),
    score: input.score,
    ruleIds: rules.map((r) => r.ruleId),
    ruleSetVersion: input.ruleSet.version,
    ruleSetHash: input.ruleSet.hash,
    screeningId: input.screeningId,
    runId: null,
    cases: [],
    detail: input.detail,
    createdAt: input.at,
    rules: rules.map((r) => ({
      alertId: input.id,
      ruleId: r.ruleId,
      severity: r.severity,
      createdAt: input.at,
    })),
  };
}

/** At most this far ahead of now a proposed transaction may be dated. */
export const MAX_AHEAD_MS = 24 * 3_600_000;

/**
 * The instant the evaluation runs as of: now, or the proposed transaction's date when it is
 * ahead (so the proposed row is inside every window). null when it is too far ahead.
 */
export function evaluationInstant(now: Date, transactionDate: Date): Date | null {
  const ahead = transactionDate.getTime() - now.getTime();
  if (ahead > MAX_AHEAD_MS) return null;
  return ahead > 0 ? transactionDate : now;
}
