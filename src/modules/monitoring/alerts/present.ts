import type { MonitoringAlertRow } from "../../../db/shard/monitoring";
import type { RiskScore } from "../domain/risk-score";
import type { Withdrawal } from "../screening/repo";

/** A stored alert as the API shows it (docs/decisions/alerts-and-snoozes.md#shape). */
export const presentAlert = (row: MonitoringAlertRow) => ({
  alertId: row.id,
  kind: row.kind,
  trigger: row.trigger,
  entityType: row.entityType,
  entityId: row.entityId,
  severity: row.severity as "low" | "medium" | "high" | "critical",
  score: row.score,
  ruleIds: row.ruleIds,
  ruleSet: { kind: row.kind, version: row.ruleSetVersion, hash: row.ruleSetHash },
  screeningId: row.screeningId,
  runId: row.runId,
  cases: row.cases,
  risk: (row.detail.risk as RiskView | undefined) ?? null,
  detail: row.detail,
  createdAt: row.createdAt,
  status: row.status,
  withdrawal: (row.detail.withdrawal as Withdrawal | undefined) ?? null,
});

/** The subject risk score a screening kept on its alerts (docs/methodology/risk-score.md). */
type RiskView = RiskScore & { alertScore: number };

/**
 * A stored fraud alert in the FraudAlert shape of GET /v1/fraud/alerts: the evaluation as it was
 * answered, under the stored alert's id, plus what monitoring added (trigger, cases).
 */
export const presentFraudAlert = (row: MonitoringAlertRow) => ({
  ...(row.detail as Record<string, unknown>),
  alertId: row.id,
  trigger: row.trigger,
  cases: row.cases,
  status: row.status,
});
