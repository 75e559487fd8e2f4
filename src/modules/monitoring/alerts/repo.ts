import { type AnyColumn, and, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { countRows, keysetPage, listOrder, type PageRequest, planned, tablePage } from "../../../db/keyset";
import {
  type MonitoringAlertRow,
  monitoringAlertRules,
  monitoringAlerts,
} from "../../../db/shard/monitoring";
import { tenantSql } from "../../../db/tenant-tables";

export type Page = PageRequest;

/** Validated filters; `kinds` is what the caller's key may see (one or both). */
export interface AlertFilter {
  kinds: ("fraud" | "aml")[];
  ruleId?: string;
  ruleSetVersion?: number;
  severity?: string;
  entityType?: string;
  entityId?: string;
  trigger?: string;
  status?: string;
  from?: string;
  to?: string;
}

/**
 * `column = value`, or with `residual` `+column = value`: the unary plus keeps SQLite from
 * choosing that column's index, so the rule index drives a rule-filtered list (without table
 * statistics the planner would otherwise walk the kind index and probe the rules).
 */
const equals = (column: AnyColumn, value: unknown, residual: boolean) =>
  residual ? sql`+${column} = ${value}` : sql`${column} = ${value}`;

/** Conditions on the alert row; the kind only when the key cannot see both kinds. */
function alertConditions(f: AlertFilter, residual: boolean): (SQL | undefined)[] {
  const a = monitoringAlerts;
  const opt = (column: AnyColumn, value: unknown) =>
    value === undefined ? undefined : equals(column, value, residual);
  return [
    f.kinds.length === 1 ? equals(a.kind, f.kinds[0], residual) : undefined,
    opt(a.entityType, f.entityType),
    opt(a.entityId, f.entityId),
    opt(a.ruleSetVersion, f.ruleSetVersion),
    opt(a.severity, f.severity),
    opt(a.trigger, f.trigger),
    // No index holds the status (withdrawn alerts are few): a residual test on the rows read.
    f.status === undefined ? undefined : sql`+${a.status} = ${f.status}`,
  ];
}

const between = (
  column: typeof monitoringAlerts.createdAt | typeof monitoringAlertRules.createdAt,
  f: AlertFilter,
) => and(f.from ? gte(column, f.from) : undefined, to(column, f));
const to = (
  column: typeof monitoringAlerts.createdAt | typeof monitoringAlertRules.createdAt,
  f: AlertFilter,
) => (f.to ? lte(column, f.to) : undefined);

/**
 * Newest first, one page and the total, in one batch. Served by an index of
 * migrations/shard/0024 (docs/decisions/alerts-and-snoozes.md#indexes): with ruleId the
 * (tenant, rule_id, created_at) index of monitoring_alert_rules drives, joined to the alert by
 * id; otherwise the entity, kind or (tenant, created_at) index of monitoring_alerts.
 */
const alertOrder = listOrder("monitoring-alerts", monitoringAlerts, { createdAt: "desc", id: "desc" });
/** A rule row carries its alert's createdAt (screening/repo.ts), so the alert row gives the key. */
const byRuleOrder = listOrder(
  "monitoring-alerts",
  monitoringAlertRules,
  { createdAt: "desc", alertId: "desc" },
  { rowOf: (row: MonitoringAlertRow) => ({ createdAt: row.createdAt, alertId: row.id }) },
);

export function listAlerts(scope: TenantScope, f: AlertFilter, page: Page) {
  if (f.ruleId !== undefined) return listByRule(scope, f as AlertFilter & { ruleId: string }, page);
  const where = [...alertConditions(f, false), between(monitoringAlerts.createdAt, f)];
  return tablePage(scope.db, monitoringAlerts, alertOrder, f, where, page);
}

function listByRule(scope: TenantScope, f: AlertFilter & { ruleId: string }, page: Page) {
  const r = monitoringAlertRules;
  const byRule = [eq(r.ruleId, f.ruleId), between(r.createdAt, f)];
  const alertWhere = alertConditions(f, true);
  const byId = eq(monitoringAlerts.id, r.alertId);
  // The count as a correlated EXISTS: a join would let the planner walk the alerts instead.
  const matching = sql`EXISTS (SELECT 1 FROM monitoring_alerts WHERE ${tenantSql(scope)}
    AND ${monitoringAlerts.id} = ${r.alertId} ${sql.join(
      alertWhere.filter((c) => c !== undefined).map((c) => sql` AND ${c}`),
    )})`;
  return keysetPage(byRuleOrder, f, page, {
    rows: (plan) =>
      planned(
        scope.db
          .select(getTableColumns(monitoringAlerts))
          .from(r, ...byRule, ...alertWhere, plan.after)
          .innerJoin(monitoringAlerts, scope.db.on(monitoringAlerts, byId)),
        plan,
      ),
    count: countRows(scope.db, r, ...byRule, matching),
  });
}

export const findAlert = (scope: TenantScope, alertId: string): Promise<MonitoringAlertRow | undefined> =>
  scope.db.select().from(monitoringAlerts, eq(monitoringAlerts.id, alertId)).get();

/** The kind of each of these alerts of the tenant (ids in chunks under the bound-parameter limit). */
export async function alertKinds(scope: TenantScope, ids: string[]) {
  const kinds = new Map<string, "fraud" | "aml">();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await scope.db
      .select({ id: monitoringAlerts.id, kind: monitoringAlerts.kind })
      .from(monitoringAlerts, inArray(monitoringAlerts.id, ids.slice(i, i + 90)));
    for (const row of rows) kinds.set(row.id, row.kind);
  }
  return kinds;
}
