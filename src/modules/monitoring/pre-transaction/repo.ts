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

/** Rule rows per INSERT: 5 columns each, under D1's 100 bound parameters per statement. */
const RULE_ROWS_PER_STATEMENT = 19;

/**
 * Statements storing the screening's alerts and their rule index, for one db.batch (all or
 * nothing). An alert row binds 16 parameters; its detail travels as one JSON text.
 */
export function alertStatements(
  scope: TenantScope,
  alerts: AlertRow[],
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const statements: BatchItem<"sqlite">[] = [];
  for (const alert of alerts) {
    const { rules, ...row } = alert;
    statements.push(scope.db.insert(monitoringAlerts).values(row));
    for (let i = 0; i < rules.length; i += RULE_ROWS_PER_STATEMENT)
      statements.push(
        scope.db.insert(monitoringAlertRules).values(rules.slice(i, i + RULE_ROWS_PER_STATEMENT)),
      );
  }
  return statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
}
