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

/** Alert rows per multi-row insert: 16 bound values each (96 of D1's 100)... */
const ALERTS_PER_STATEMENT = 6;
/** ...and at most this much evaluation detail per statement (D1's 100 KB statement limit). */
const ALERT_DETAIL_BYTES = 60_000;

/**
 * alertStatements for many alerts (a page's): multi-row inserts of the alerts (by count and
 * detail size) and of their rule index rows, so a page's alerts cost a few statements, not two each.
 */
export function alertsStatements(scope: TenantScope, alerts: readonly NewAlert[]) {
  const statements = [];
  let chunk: NewAlert[] = [];
  let bytes = 0;
  const flush = () => {
    if (chunk.length > 0) statements.push(scope.db.insert(monitoringAlerts).values(chunk));
    chunk = [];
    bytes = 0;
  };
  for (const alert of alerts) {
    const size = JSON.stringify(alert.detail).length;
    if (chunk.length >= ALERTS_PER_STATEMENT || (chunk.length > 0 && bytes + size > ALERT_DETAIL_BYTES))
      flush();
    chunk.push(alert);
    bytes += size;
  }
  flush();
  const rules = alerts.flatMap((alert) =>
    alert.ruleIds.map((ruleId) => ({
      alertId: alert.id,
      ruleId,
      severity: alert.severity,
      createdAt: alert.createdAt,
    })),
  );
  for (let i = 0; i < rules.length; i += RULES_PER_STATEMENT)
    statements.push(scope.db.insert(monitoringAlertRules).values(rules.slice(i, i + RULES_PER_STATEMENT)));
  return statements;
}

export type ScreeningRecord = Omit<typeof monitoringScreenings.$inferInsert, "tenantId" | "screenings">;

/** Screening rows per statement: 9 bound values each (with the tenant and the count), 90 of D1's 100. */
const SCREENINGS_PER_STATEMENT = 10;

/**
 * Each entity's last screening (one row per entity, counting how often it was screened): a page's
 * screenings in a few multi-row upserts.
 */
export function screeningsUpsert(scope: TenantScope, rows: readonly ScreeningRecord[]) {
  const s = monitoringScreenings;
  const statements = [];
  for (let i = 0; i < rows.length; i += SCREENINGS_PER_STATEMENT)
    statements.push(
      scope.db
        .insert(s)
        .values(rows.slice(i, i + SCREENINGS_PER_STATEMENT).map((row) => ({ ...row, screenings: 1 })))
        .onConflictDoUpdate({
          target: [s.tenantId, s.entityType, s.entityId],
          set: {
            screenedAt: sql`excluded.screened_at`,
            trigger: sql`excluded.trigger`,
            fraudVersion: sql`excluded.fraud_version`,
            amlVersion: sql`excluded.aml_version`,
            alerts: sql`excluded.alerts`,
            screenings: sql`${s.screenings} + 1`,
          },
        }),
    );
  return statements;
}
