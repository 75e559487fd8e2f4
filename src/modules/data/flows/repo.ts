import { eq, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { dataRowCounts, flowBackfills, flowMappings } from "../../../db/shard/data";
import { FAILED_STATUS_LIST } from "../../../db/shard/transaction-flows";
import { likelyTenantSql, tenantSql } from "../../../db/tenant-tables";
import { jsonArrayChunks } from "../../../lib/json-chunks";

/**
 * SQL of flow classification: the rows of a page, the evidence about them (own accounts,
 * opposite legs), the flows written back, the tenant's mapping and the backfill's state. Every
 * read is one statement per ~80 KB of keys, never one per row.
 */

/** What the classifier reads of a transaction. */
export interface ClassifiableRow {
  id: string;
  customer_id: string;
  account_id: string;
  type: "credit" | "debit";
  category: string | null;
  amount_minor: number;
  description: string | null;
  status: string;
  transaction_date: string;
  counterparty_name: string | null;
  counterparty_account: string | null;
  flow: string | null;
}

/** The columns of a ClassifiableRow, unqualified. */
export const CLASSIFIABLE_COLUMNS =
  "id, customer_id, account_id, type, category, amount_minor, description, status, transaction_date, counterparty_name, counterparty_account, flow";

const COLUMNS = sql.raw(
  CLASSIFIABLE_COLUMNS.split(", ")
    .map((c) => `t.${c}`)
    .join(", "),
);

/** The stored rows named by (externalSource, externalId): an ingest page after its upsert. */
export async function rowsByExternalKeys(scope: TenantScope, keys: [string, string][]) {
  if (keys.length === 0) return [];
  const results = await scope.db.batchSql<ClassifiableRow>(
    jsonArrayChunks(keys).map(
      (json) => sql`SELECT ${COLUMNS} FROM json_each(${json}) AS j
        CROSS JOIN transactions AS t INDEXED BY transactions_external_uq ON ${tenantSql(scope, "t")}
          AND t.external_source = json_extract(j.value, '$[0]') AND t.external_id = json_extract(j.value, '$[1]')`,
    ),
  );
  return results.flatMap((r) => r.results);
}

/** The next key-range page in (transaction_date, id) order after the cursor (transactions_list_idx). */
export function rowsAfter(scope: TenantScope, after: { date: string; id: string } | null, limit: number) {
  const range = after
    ? sql` AND (t.transaction_date > ${after.date} OR (t.transaction_date = ${after.date} AND t.id > ${after.id}))`
    : sql``;
  return scope.db.all<ClassifiableRow>(sql`SELECT ${COLUMNS} FROM transactions AS t INDEXED BY transactions_list_idx
    WHERE ${tenantSql(scope, "t")}${range} ORDER BY t.transaction_date, t.id LIMIT ${limit}`);
}

/** Accounts of these customers: id and external id, the names a counterparty account may use. */
export async function accountsOfCustomers(scope: TenantScope, customerIds: string[]) {
  if (customerIds.length === 0) return [];
  const results = await scope.db.batchSql<{ id: string; external_id: string; customer_id: string }>(
    jsonArrayChunks(customerIds).map(
      (json) => sql`SELECT id, external_id, customer_id FROM accounts
        WHERE ${tenantSql(scope)} AND customer_id IN (SELECT value FROM json_each(${json}))`,
    ),
  );
  return results.flatMap((r) => r.results);
}

/**
 * Ids of the rows that have an opposite leg: a transaction of the same customer on another
 * account, of the other type and the same amount, dated within [from, to], that moved money.
 * Rows travel as [id, customerId, accountId, type, amount, from, to]; each probe is one range of
 * transactions_customer_idx.
 */
export async function idsWithOppositeLeg(scope: TenantScope, probes: unknown[][]): Promise<Set<string>> {
  if (probes.length === 0) return new Set();
  const v = (i: number) => sql.raw(`json_extract(j.value, '$[${i}]')`);
  const results = await scope.db.batchSql<{ id: string }>(
    jsonArrayChunks(probes).map(
      (json) => sql`SELECT ${v(0)} AS id FROM json_each(${json}) AS j WHERE EXISTS (
        SELECT 1 FROM transactions AS o INDEXED BY transactions_customer_idx
        WHERE ${tenantSql(scope, "o")} AND o.customer_id = ${v(1)}
          AND o.transaction_date >= ${v(5)} AND o.transaction_date <= ${v(6)}
          AND o.account_id <> ${v(2)} AND o.type <> ${v(3)} AND o.amount_minor = ${v(4)}
          AND (o.status = 'completed' OR o.status NOT IN (${FAILED_STATUS_LIST})))`,
    ),
  );
  return new Set(results.flatMap((r) => r.results.map((x) => x.id)));
}

/**
 * Statements writing flows ([id, flow] pairs); each returns one row per row changed. The tenant
 * term is hinted (likelyTenantSql) so each id is looked up by key, not the tenant's rows walked.
 */
export function writeFlowStatements(scope: TenantScope, pairs: [string, string][]): SQL[] {
  return jsonArrayChunks(pairs).map(
    (json) => sql`UPDATE transactions SET flow = json_extract(j.value, '$[1]')
      FROM json_each(${json}) AS j
      WHERE ${likelyTenantSql(scope, "transactions")} AND transactions.id = json_extract(j.value, '$[0]')
        AND transactions.flow IS NOT json_extract(j.value, '$[1]')
      RETURNING 1`,
  );
}

export async function writeFlows(scope: TenantScope, pairs: [string, string][]): Promise<number> {
  if (pairs.length === 0) return 0;
  const results = await scope.db.batchSql(writeFlowStatements(scope, pairs));
  return results.reduce((n, r) => n + r.results.length, 0);
}

// ---- the tenant's mapping -----------------------------------------------------------------

export const mappingRows = (scope: TenantScope) =>
  scope.db.select().from(flowMappings).orderBy(flowMappings.category).all();

/** Rows per INSERT: 3 bound values each, under D1's 100 parameters per statement. */
const MAPPING_ROWS_PER_INSERT = 30;

/** Statements replacing the whole mapping (for one atomic batch with its audit entry and event). */
export function replaceMappingStatements(
  scope: TenantScope,
  entries: Array<{ category: string; flow: string }>,
) {
  const inserts = [];
  for (let i = 0; i < entries.length; i += MAPPING_ROWS_PER_INSERT)
    inserts.push(scope.db.insert(flowMappings).values(entries.slice(i, i + MAPPING_ROWS_PER_INSERT)));
  return [scope.db.delete(flowMappings).where(), ...inserts] as const;
}

// ---- the backfill's state -----------------------------------------------------------------

export type BackfillRow = typeof flowBackfills.$inferSelect;

export const backfillOf = (scope: TenantScope) => scope.db.select().from(flowBackfills).get();

/** The tenant's transaction count (kept by triggers, migrations/shard/0033). */
export async function transactionCount(scope: TenantScope): Promise<number> {
  const row = await scope.db
    .select({ n: dataRowCounts.n })
    .from(dataRowCounts, eq(dataRowCounts.tableName, "transactions"))
    .get();
  return row?.n ?? 0;
}

/** A new backfill replaces the tenant's previous one (its messages then find another id and stop). */
export function startBackfillStatement(
  scope: TenantScope,
  b: { id: string; reason: string; total: number; at: string },
) {
  const fresh = {
    id: b.id,
    reason: b.reason,
    status: "running" as const,
    afterDate: null,
    afterId: null,
    scanned: 0,
    changed: 0,
    total: b.total,
    startedAt: b.at,
    updatedAt: b.at,
    completedAt: null,
  };
  return scope.db
    .insert(flowBackfills)
    .values(fresh)
    .onConflictDoUpdate({ target: flowBackfills.tenantId, set: fresh });
}

/**
 * Moves this backfill's cursor on, only while it is the tenant's current one and still at the
 * cursor the step started from (a redelivered message does not count a page twice).
 */
export const advanceBackfill = (
  scope: TenantScope,
  id: string,
  from: { afterDate: string | null; afterId: string | null },
  step: {
    afterDate: string | null;
    afterId: string | null;
    scanned: number;
    changed: number;
    done: boolean;
    at: string;
  },
) =>
  scope.db
    .update(flowBackfills)
    .set({
      afterDate: step.afterDate,
      afterId: step.afterId,
      scanned: sql`${flowBackfills.scanned} + ${step.scanned}`,
      changed: sql`${flowBackfills.changed} + ${step.changed}`,
      status: step.done ? "completed" : "running",
      updatedAt: step.at,
      completedAt: step.done ? step.at : null,
    })
    .where(
      eq(flowBackfills.id, id),
      sql`${flowBackfills.afterDate} IS ${from.afterDate} AND ${flowBackfills.afterId} IS ${from.afterId}`,
    )
    .returning({ id: flowBackfills.id });

/** Any transaction of the tenant still without a flow (one probe of transactions_flow_list_idx). */
export async function hasUnclassified(scope: TenantScope): Promise<boolean> {
  const rows = await scope.db.all<{ one: number }>(
    sql`SELECT 1 AS one FROM transactions INDEXED BY transactions_flow_list_idx WHERE ${tenantSql(scope)} AND flow IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}
