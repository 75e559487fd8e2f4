import { sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { jsonRowsTemplate } from "../../../db/json-rows";
import {
  monitoringAlertCases,
  monitoringAlertRules,
  monitoringAlerts,
  monitoringNetworkScans,
} from "../../../db/shard/monitoring";
import { inJsonList } from "../../../db/sql";
import { caseRowsOf, type NewAlert } from "../screening/repo";

export type NetworkScanRow = typeof monitoringNetworkScans.$inferSelect;

/** The tenant's last network scan, or undefined before its first. */
export const lastScan = (scope: TenantScope): Promise<NetworkScanRow | undefined> =>
  scope.db.select().from(monitoringNetworkScans).get();

/** Which of these alert ids are stored already (a scheme found before): one statement for any number. */
export async function storedAlertIds(scope: TenantScope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await scope.db
    .select({ id: monitoringAlerts.id })
    .from(monitoringAlerts, inJsonList(monitoringAlerts.id, ids))
    .all();
  return new Set(rows.map((r) => r.id));
}

// A scheme's alerts have ids derived from its key: a second scan writing the same ones skips them.
const alertRows = jsonRowsTemplate(monitoringAlerts, { skipConflicts: true });
const alertRuleRows = jsonRowsTemplate(monitoringAlertRules, { skipConflicts: true });
const alertCaseRows = jsonRowsTemplate(monitoringAlertCases, { skipConflicts: true });

export const schemeAlertStatements = (scope: TenantScope, alerts: readonly NewAlert[]) => [
  ...alertRows(scope, alerts),
  ...alertRuleRows(
    scope,
    alerts.flatMap((a) =>
      a.ruleIds.map((ruleId) => ({ alertId: a.id, ruleId, severity: a.severity, createdAt: a.createdAt })),
    ),
  ),
  ...alertCaseRows(scope, alerts.flatMap(caseRowsOf)),
];

/** The scan's row, replaced by each scan. */
export const scanUpsert = (scope: TenantScope, row: Omit<NetworkScanRow, "tenantId">) =>
  scope.db
    .insert(monitoringNetworkScans)
    .values(row)
    .onConflictDoUpdate({
      target: monitoringNetworkScans.tenantId,
      set: {
        scannedAt: sql`excluded.scanned_at`,
        throughTransactions: sql`excluded.through_transactions`,
        historyStart: sql`excluded.history_start`,
        historyEnd: sql`excluded.history_end`,
        transfers: sql`excluded.transfers`,
        schemes: sql`excluded.schemes`,
        schemesNew: sql`excluded.schemes_new`,
        durationMs: sql`excluded.duration_ms`,
      },
    });
