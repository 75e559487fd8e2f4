import { env } from "cloudflare:workers";
import { monitoringAlertRules, monitoringAlerts } from "../../src/db/shard";
import type { AlertCaseRef, MonitoringAlertRow } from "../../src/db/shard/monitoring";
import { systemShardDb } from "../../src/db/system-db";
import type { TestTenant } from "../harness";

export type AlertFields = Partial<Omit<MonitoringAlertRow, "tenantId">> & {
  kind: MonitoringAlertRow["kind"];
  ruleIds: string[];
};

/**
 * Writes a stored alert and its per-rule index rows straight into the tenant's shard, as the
 * monitoring engine does, so each filter can be checked against exactly known rows.
 */
export async function insertAlert(t: TestTenant, fields: AlertFields): Promise<MonitoringAlertRow> {
  const row: MonitoringAlertRow = {
    id: crypto.randomUUID(),
    tenantId: t.id,
    trigger: "arrival",
    entityType: "customer",
    entityId: crypto.randomUUID(),
    severity: "medium",
    score: fields.kind === "fraud" ? 40 : null,
    ruleSetVersion: 1,
    ruleSetHash: "a".repeat(64),
    screeningId: crypto.randomUUID(),
    runId: null,
    cases: [] as AlertCaseRef[],
    detail: {},
    createdAt: new Date().toISOString(),
    status: "open",
    ...fields,
  };
  const db = systemShardDb(env, t.shard);
  await db.batch([
    db.insert(monitoringAlerts).values(row),
    db.insert(monitoringAlertRules).values(
      row.ruleIds.map((ruleId) => ({
        tenantId: t.id,
        alertId: row.id,
        ruleId,
        severity: row.severity,
        createdAt: row.createdAt,
      })),
    ),
  ]);
  return row;
}
