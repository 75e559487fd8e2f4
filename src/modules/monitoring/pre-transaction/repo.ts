import { eq, getTableColumns, type Placeholder } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { TenantScope } from "../../../db/client";
import { monitoringAlertRules, monitoringAlerts } from "../../../db/shard/monitoring";
import { statementTemplate } from "../../../db/statement-template";
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
    ...chunks(rows, ALERT_ROWS_PER_STATEMENT).map((c) => alertInsert(scope, c.length, rowValues(c))),
    ...chunks(rules, RULE_ROWS_PER_STATEMENT).map((c) => ruleInsert(scope, c.length, rowValues(c))),
  ];
  return statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
}

// The inserts as templates (src/db/statement-template.ts), one per row count: placeholder
// `<row>.<column>` for every column but the tenant (a row missing one fails loudly when filled),
// encoded by its column (JSON columns) when filled.
const columnsOf = (table: SQLiteTable) => Object.keys(getTableColumns(table)).filter((k) => k !== "tenantId");
// Status left to its column default (open): 16 values an alert, 6 alerts a statement.
const ALERT_KEYS = columnsOf(monitoringAlerts).filter((k) => k !== "status");
const RULE_KEYS = columnsOf(monitoringAlertRules);

const rowValues = (rows: ReadonlyArray<object>) => {
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const [key, value] of Object.entries(row)) values[`${i}.${key}`] = value;
  });
  return values;
};
const placeholderRows = (p: Record<string, Placeholder>, count: number, keys: readonly string[]) =>
  Array.from({ length: count }, (_, i) => Object.fromEntries(keys.map((k) => [k, p[`${i}.${k}`]])));

const alertInsert = statementTemplate((db, count: number, p: Record<string, Placeholder>) =>
  db.insert(monitoringAlerts).values(placeholderRows(p, count, ALERT_KEYS) as never),
);
const ruleInsert = statementTemplate((db, count: number, p: Record<string, Placeholder>) =>
  db.insert(monitoringAlertRules).values(placeholderRows(p, count, RULE_KEYS) as never),
);
