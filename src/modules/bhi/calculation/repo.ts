import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import type { BhiRecordRow } from "../../../db/shard/bhi";
import { tenantSql, tenantValue } from "../../../db/tenant-tables";
import { flatRowChunks } from "../../../lib/json-chunks";
import type { CustomerActivity } from "../domain/components";
import { type Target, targetFilter } from "../repo";

// The calculation's set-based reads (activity, balances, latest records) and its append.

interface ActivityRow {
  customer_id: string;
  in1: number;
  in2: number;
  in3: number;
  out1: number;
  out2: number;
  out3: number;
  net_sum: number;
  net_sq: number;
  credit_n: number;
  debit_n: number;
  failed_n: number;
  overdraft_n: number;
}

/**
 * One pass over the window's transactions: per customer and week, then per customer.
 * `weekStarts` are the 13 ISO boundaries, newest first (weekStarts[0] is the calculation
 * time, weekStarts[12] the window start); week k holds the transactions dated after
 * weekStarts[k + 1] up to weekStarts[k]; weeks 8-11, 4-7 and 0-3 are periods 1, 2 and 3.
 *
 * The loops are customers (in id order) x week numbers 0..11 x one range of
 * transactions_flow_idx per customer and week, so the (customer, week) groups come out of the
 * index in order and SQLite sorts nothing but the 12 rows per customer of the second level
 * (grouping by a computed week instead sorts every transaction of the window). The index
 * covers the read (date, amount, flow kind), so no table row is visited. Flow kinds
 * (FLOW_KIND in db/shard/transaction-flows.ts): 1 revenue credit, 2 debit, 3 debit into an
 * overdraft, 4 failed debit, 0 failed credit, 5 credit that is not revenue (own transfer, loan
 * disbursement, refund), 6 debit to an own account. Inflow is kind 1 only and outflow kinds 2
 * and 3 (methodology 1.1.0); kinds 5 and 6 still count as activity.
 */
export function activityQuery(scope: TenantScope, target: Target, weekStarts: readonly string[]): SQL {
  const boundary = (offset: number) =>
    sql.join(
      weekStarts.slice(offset, offset + 12).map((start, k) => sql`WHEN ${sql.raw(String(k))} THEN ${start}`),
      sql` `,
    );
  return sql`
    WITH weekly AS (
      SELECT c.id AS customer_id, w.k AS wk,
        SUM(iif(t.flow_kind = 1, t.amount_minor, 0)) AS cr,
        SUM(iif(t.flow_kind IN (2, 3), t.amount_minor, 0)) AS dr,
        SUM(t.flow_kind IN (1, 5)) AS credit_n,
        SUM(t.flow_kind IN (2, 3, 4, 6)) AS debit_n,
        SUM(t.flow_kind = 4) AS failed_n,
        SUM(t.flow_kind = 3) AS overdraft_n
      FROM customers c INDEXED BY customers_tenant_id_uq
        CROSS JOIN bhi_week_numbers w
        CROSS JOIN transactions t INDEXED BY transactions_flow_idx
      WHERE ${tenantSql(scope, "c")}${targetFilter(sql`c.id`, target)} AND w.k < 12
        AND ${tenantSql(scope, "t")} AND t.customer_id = c.id
        AND t.transaction_date > CASE w.k ${boundary(1)} END
        AND t.transaction_date <= CASE w.k ${boundary(0)} END
      GROUP BY c.id, w.k
    )
    SELECT customer_id,
      SUM(CASE WHEN wk >= 8 THEN cr ELSE 0 END) AS in1,
      SUM(CASE WHEN wk BETWEEN 4 AND 7 THEN cr ELSE 0 END) AS in2,
      SUM(CASE WHEN wk < 4 THEN cr ELSE 0 END) AS in3,
      SUM(CASE WHEN wk >= 8 THEN dr ELSE 0 END) AS out1,
      SUM(CASE WHEN wk BETWEEN 4 AND 7 THEN dr ELSE 0 END) AS out2,
      SUM(CASE WHEN wk < 4 THEN dr ELSE 0 END) AS out3,
      SUM((cr - dr) / 100.0) AS net_sum,
      SUM(((cr - dr) / 100.0) * ((cr - dr) / 100.0)) AS net_sq,
      SUM(credit_n) AS credit_n, SUM(debit_n) AS debit_n,
      SUM(failed_n) AS failed_n, SUM(overdraft_n) AS overdraft_n
    FROM weekly GROUP BY customer_id`;
}

/** activityQuery's rows by customer id. */
export async function activityByCustomer(
  scope: TenantScope,
  target: Target,
  weekStarts: readonly string[],
): Promise<Map<string, Omit<CustomerActivity, "accountCount" | "balanceMinor">>> {
  const rows = await scope.db.all<ActivityRow>(activityQuery(scope, target, weekStarts));
  return new Map(
    rows.map((r) => [
      r.customer_id,
      {
        periodInflowMinor: [r.in1, r.in2, r.in3],
        periodOutflowMinor: [r.out1, r.out2, r.out3],
        weeklyNetSum: r.net_sum,
        weeklyNetSquareSum: r.net_sq,
        creditCount: r.credit_n,
        debitCount: r.debit_n,
        failedDebitCount: r.failed_n,
        overdraftCount: r.overdraft_n,
      },
    ]),
  );
}

/** Open accounts per customer: count and combined current balance. */
export async function balancesByCustomer(scope: TenantScope, target: Target) {
  const rows = await scope.db.all<{ customer_id: string; n: number; balance: number }>(sql`
    SELECT customer_id, COUNT(*) AS n, SUM(current_balance_minor) AS balance FROM accounts
    WHERE ${tenantSql(scope)} AND status <> 'closed'${targetFilter(sql`customer_id`, target)}
    GROUP BY customer_id`);
  return new Map(rows.map((r) => [r.customer_id, { accountCount: r.n, balanceMinor: r.balance }]));
}

export interface LatestSnapshot {
  version: number;
  overall: number;
  band: string;
  recentScores: number[];
}

export async function latestByCustomer(scope: TenantScope, target: Target) {
  const rows = await scope.db.all<{
    customer_id: string;
    version: number;
    bhi_overall: number;
    bhi_band: string;
    recent_scores: string;
  }>(sql`
    SELECT customer_id, version, bhi_overall, bhi_band, recent_scores FROM bhi_latest
    WHERE ${tenantSql(scope)}${targetFilter(sql`customer_id`, target)}`);
  return new Map<string, LatestSnapshot>(
    rows.map((r) => [
      r.customer_id,
      {
        version: r.version,
        overall: r.bhi_overall,
        band: r.bhi_band,
        recentScores: JSON.parse(r.recent_scores) as number[],
      },
    ]),
  );
}

/** A record as written (reasons are derived on read, weights travel once per statement). */
export type NewRecord = Omit<BhiRecordRow, "tenantId" | "isLatest">;

/**
 * Columns sent per row, in this order (no key names on the wire). A value that is an object or
 * array comes out of json_each as its minified JSON text, so the JSON columns are stored as sent
 * without a second parse.
 */
const RECORD_COLUMNS = [
  ["id", "id"],
  ["customer_id", "customerId"],
  ["version", "version"],
  ["bhi_overall", "bhiOverall"],
  ["bhi_band", "bhiBand"],
  ["liquidity_score", "liquidityScore"],
  ["volatility_score", "volatilityScore"],
  ["revenue_stability_score", "revenueStabilityScore"],
  ["expense_ratio_score", "expenseRatioScore"],
  ["payment_behavior_score", "paymentBehaviorScore"],
  ["trend", "trend"],
  ["previous_bhi", "previousBhi"],
  ["bhi_change_percent", "bhiChangePercent"],
  ["is_significant_change", "isSignificantChange"],
  ["input_metrics", "inputMetrics"],
  ["alerts", "alerts"],
  ["alert_count", "alertCount"],
  ["recent_scores", "recentScores"],
] as const satisfies ReadonlyArray<readonly [string, keyof NewRecord]>;

const WIDTH = RECORD_COLUMNS.length;
const RECORD_COLUMN_LIST = sql.raw(RECORD_COLUMNS.map(([c]) => c).join(", "));
/**
 * One row per WIDTH consecutive values of the flat array: json_each gives each value once (an
 * object or array as its text) and the row's columns are picked out of its group. A
 * json_extract per column instead parsed the row's JSON again for each of its 18 columns, about
 * a third of the INSERT's time in local D1 (docs/decisions/faults.md#slices-that-yield).
 */
const RECORD_VALUES = sql.raw(
  RECORD_COLUMNS.map((_, i) => `max(CASE WHEN key % ${WIDTH} = ${i} THEN value END)`).join(", "),
);

/**
 * The statements that append a group of calculations (the service adds the other outbox
 * events through the events service, in the same atomic batch). Rows travel as one flat JSON
 * array in one parameter per statement, expanded with json_each and grouped back into rows.
 * Each inserted record moves its customer's bhi_latest pointer and makes its bhi.calculated
 * event in the same statement (triggers bhi_records_move_latest and
 * bhi_records_calculated_event, migrations/shard/0013_bhi_write_path.sql), so that data is
 * neither sent twice nor read back, and no earlier record is touched.
 */
export function writeStatements(
  scope: TenantScope,
  records: NewRecord[],
  run: { weights: Record<string, number>; calculationVersion: string; at: string },
): SQL[] {
  const weights = JSON.stringify(run.weights);
  // undefined would be dropped from an object but becomes null in an array: every row keeps WIDTH values.
  const rows = records.map((r) =>
    RECORD_COLUMNS.map(([, k]) => (k === "isSignificantChange" ? (r[k] ? 1 : 0) : (r[k] ?? null))),
  );
  return flatRowChunks(rows).map(
    (chunk) =>
      sql`INSERT INTO bhi_records
        (tenant_id, component_weights, calculation_version, created_at, ${RECORD_COLUMN_LIST})
        SELECT ${tenantValue(scope)}, json(${weights}), ${run.calculationVersion}, ${run.at}, ${RECORD_VALUES}
        FROM json_each(${chunk}) GROUP BY key / ${sql.raw(String(WIDTH))}`,
  );
}

/** One D1 transaction: all of the statements or none. */
export const writeAtomically = (scope: TenantScope, statements: SQL[]) => scope.db.batchSql(statements);
