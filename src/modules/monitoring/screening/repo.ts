import { sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { jsonRowsTemplate } from "../../../db/json-rows";
import {
  type MonitoringAlertRow,
  monitoringAlertRules,
  monitoringAlerts,
  monitoringScreenings,
} from "../../../db/shard/monitoring";
import { inJsonList } from "../../../db/sql";
import { accounts } from "../../data/read-model";

export type NewAlert = Omit<MonitoringAlertRow, "tenantId">;

/** Rule index rows per statement: 5 bound values each, well under D1's 100. */
const RULES_PER_STATEMENT = 18;

/** An alert's rule index rows (the alert list's rule filter). */
const ruleRowsOf = (alert: NewAlert) =>
  alert.ruleIds.map((ruleId) => ({
    alertId: alert.id,
    ruleId,
    severity: alert.severity,
    createdAt: alert.createdAt,
  }));

/** The alert and its per-rule index rows, for the screening's batch. */
export function alertStatements(scope: TenantScope, alert: NewAlert) {
  const rules = ruleRowsOf(alert);
  const chunks = [];
  for (let i = 0; i < rules.length; i += RULES_PER_STATEMENT)
    chunks.push(scope.db.insert(monitoringAlertRules).values(rules.slice(i, i + RULES_PER_STATEMENT)));
  return [scope.db.insert(monitoringAlerts).values(alert), ...chunks];
}

const alertRows = jsonRowsTemplate(monitoringAlerts);
const alertRuleRows = jsonRowsTemplate(monitoringAlertRules);

/**
 * alertStatements for many alerts (a page's): the alerts and their rule index rows as JSON
 * chunks (src/db/json-rows.ts), statement texts built once per isolate, so a page's alerts cost a
 * few statements and no Drizzle text building (a tenth of the page drain's Worker CPU was that).
 * An alert whose detail fills a chunk (~80 KB) gets a statement of its own.
 */
export const alertsStatements = (scope: TenantScope, alerts: readonly NewAlert[]) => [
  ...alertRows(scope, alerts),
  ...alertRuleRows(scope, alerts.flatMap(ruleRowsOf)),
];

export type ScreeningRecord = Omit<typeof monitoringScreenings.$inferInsert, "tenantId" | "screenings">;

const s = monitoringScreenings;
const screeningRows = jsonRowsTemplate(s, {
  upsert: {
    target: [s.tenantId, s.entityType, s.entityId],
    set: {
      screenedAt: "excluded",
      trigger: "excluded",
      fraudVersion: "excluded",
      amlVersion: "excluded",
      alerts: "excluded",
      screenings: sql`${s.screenings} + 1`,
    },
  },
});

/**
 * Each entity's last screening (one row per entity, counting how often it was screened): a page's
 * screenings in one upsert per JSON chunk, its text built once per isolate.
 */
export const screeningsUpsert = (scope: TenantScope, rows: readonly ScreeningRecord[]) =>
  screeningRows(
    scope,
    rows.map((row) => ({ ...row, screenings: 1 })),
  );

/** The customer of each of these accounts (a subject is a customer with its accounts); one statement. */
export async function accountOwners(scope: TenantScope, accountIds: readonly string[]) {
  if (accountIds.length === 0) return new Map<string, string>();
  const rows = await scope.db
    .select({ id: accounts.id, customerId: accounts.customerId })
    .from(accounts, inJsonList(accounts.id, accountIds));
  return new Map(rows.map((r) => [r.id, r.customerId]));
}
