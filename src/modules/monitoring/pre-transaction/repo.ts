import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TenantScope } from "../../../db/client";
import { monitoringAlertRules, monitoringAlerts } from "../../../db/shard/monitoring";
import { accounts } from "../../data/read-model";
import type { AlertRow } from "./domain/alerts";

/** The account and its customer (undefined when absent or another tenant's). */
export const findAccount = (scope: TenantScope, accountId: string) =>
  scope.db
    .select({ id: accounts.id, customerId: accounts.customerId })
    .from(accounts, eq(accounts.id, accountId))
    .get();

/** Rows per INSERT, under D1's 100 bound parameters per statement: an alert binds 16, a rule 5. */
const ALERT_ROWS_PER_STATEMENT = 6;
const RULE_ROWS_PER_STATEMENT = 19;

const chunks = <T>(rows: T[], size: number) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

/**
 * Statements storing the screening's alerts and their rule index, for one db.batch (all or
 * nothing): the alerts in one multi-row INSERT, their rules in another (each more only past the
 * parameter limit). An alert's detail travels as one JSON text.
 */
export function alertStatements(
  scope: TenantScope,
  alerts: AlertRow[],
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const rows = alerts.map(({ rules: _rules, ...row }) => row);
  const rules = alerts.flatMap((a) => a.rules);
  const statements: BatchItem<"sqlite">[] = [
    ...chunks(rows, ALERT_ROWS_PER_STATEMENT).map((c) => scope.db.insert(monitoringAlerts).values(c)),
    ...chunks(rules, RULE_ROWS_PER_STATEMENT).map((c) => scope.db.insert(monitoringAlertRules).values(c)),
  ];
  return statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
}
