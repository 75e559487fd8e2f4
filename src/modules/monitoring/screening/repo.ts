import { sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import {
  type MonitoringAlertRow,
  monitoringAlertRules,
  monitoringAlerts,
  monitoringScreenings,
} from "../../../db/shard/monitoring";

export type NewAlert = Omit<MonitoringAlertRow, "tenantId">;

/** Rule index rows per statement: 5 bound values each, well under D1's 100. */
const RULES_PER_STATEMENT = 18;

/** The alert and its per-rule index rows, for the screening's batch. */
export function alertStatements(scope: TenantScope, alert: NewAlert) {
  const rules = alert.ruleIds.map((ruleId) => ({
    alertId: alert.id,
    ruleId,
    severity: alert.severity,
    createdAt: alert.createdAt,
  }));
  const chunks = [];
  for (let i = 0; i < rules.length; i += RULES_PER_STATEMENT)
    chunks.push(scope.db.insert(monitoringAlertRules).values(rules.slice(i, i + RULES_PER_STATEMENT)));
  return [scope.db.insert(monitoringAlerts).values(alert), ...chunks];
}

/** The entity's last screening (one row per entity, counting how often it was screened). */
export function screeningUpsert(
  scope: TenantScope,
  row: Omit<typeof monitoringScreenings.$inferInsert, "tenantId" | "screenings">,
) {
  const s = monitoringScreenings;
  return scope.db
    .insert(s)
    .values({ ...row, screenings: 1 })
    .onConflictDoUpdate({
      target: [s.tenantId, s.entityType, s.entityId],
      set: {
        screenedAt: row.screenedAt,
        trigger: row.trigger,
        fraudVersion: row.fraudVersion,
        amlVersion: row.amlVersion,
        alerts: row.alerts,
        screenings: sql`${s.screenings} + 1`,
      },
    });
}
