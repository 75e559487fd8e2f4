import { sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { inJsonList } from "../../db/sql";
import { likelyTenantSql, tenantSql } from "../../db/tenant-tables";
import { FLOW_KIND, MOVED_MONEY } from "../data/read-model";
import { monthStartIso } from "./domain/months";

/**
 * Set-based reads over transactions: every statement groups by customer and month inside
 * SQL and returns per-month or per-group totals (or, for runway, one slice of customers at a
 * time), never a query per customer, reading the covering transactions_flow_idx (migration
 * 0010). Months are integers (year * 12 + month - 1).
 */

/** Statuses whose money did not move (same list as the BHI methodology). */
const MOVED = MOVED_MONEY;
/**
 * A revenue credit that moved money: flow_kind 1 (migration 0036), so own transfers, loan
 * disbursements and refunds are not inflow (docs/methodology/flows.md). In the covering index.
 */
const REVENUE_CREDIT = sql.raw(`flow_kind = ${FLOW_KIND.credit}`);
const MONTH = sql.raw(
  "(CAST(substr(transaction_date, 1, 4) AS INTEGER) * 12 + CAST(substr(transaction_date, 6, 2) AS INTEGER) - 1)",
);
/** transaction_date within months [from, to] (ISO strings compare in time order). */
const within = (from: number, to: number) =>
  sql`transaction_date >= ${monthStartIso(from)} AND transaction_date < ${monthStartIso(to + 1)}`;

export interface MovementRow {
  m: number;
  mrr: number;
  prev: number;
  active: number;
  gained_new: number;
  expansion: number;
  contraction: number;
  churned: number;
  new_n: number;
  churned_n: number;
}

/**
 * Month-over-month inflow movements for months [from, to]: each customer's inflow in a month
 * is paired with its own inflow in the month before (one row per customer and month, from a
 * UNION of "this month" and "shifted one month on"), then summed per month.
 */
export function monthlyMovements(scope: TenantScope, from: number, to: number) {
  return scope.db.all<MovementRow>(sql`
    WITH monthly AS (
      SELECT customer_id, ${MONTH} AS m, SUM(amount_minor) AS inflow
      FROM transactions INDEXED BY transactions_flow_idx
      WHERE ${tenantSql(scope)} AND ${within(from - 1, to)} AND ${REVENUE_CREDIT}
      GROUP BY customer_id, m
    ),
    pairs AS (
      SELECT customer_id, m, SUM(cur) AS cur, SUM(prev) AS prev FROM (
        SELECT customer_id, m, inflow AS cur, 0 AS prev FROM monthly
        UNION ALL
        SELECT customer_id, m + 1, 0, inflow FROM monthly
      ) GROUP BY customer_id, m
    )
    SELECT m, SUM(cur) AS mrr, SUM(prev) AS prev, SUM(cur > 0) AS active,
      SUM(CASE WHEN prev = 0 AND cur > 0 THEN cur ELSE 0 END) AS gained_new,
      SUM(CASE WHEN prev > 0 AND cur > prev THEN cur - prev ELSE 0 END) AS expansion,
      SUM(CASE WHEN prev > 0 AND cur > 0 AND cur < prev THEN prev - cur ELSE 0 END) AS contraction,
      SUM(CASE WHEN prev > 0 AND cur = 0 THEN prev ELSE 0 END) AS churned,
      SUM(prev = 0 AND cur > 0) AS new_n, SUM(prev > 0 AND cur = 0) AS churned_n
    FROM pairs WHERE m BETWEEN ${from} AND ${to} GROUP BY m ORDER BY m`);
}

export async function countCustomers(scope: TenantScope): Promise<number> {
  const rows = await scope.db.all<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM customers WHERE ${tenantSql(scope)} AND status <> 'closed'`,
  );
  return rows[0]?.n ?? 0;
}

// ---- runway ----------------------------------------------------------------------------

const NET = sql.raw("SUM(CASE WHEN type = 'credit' THEN amount_minor ELSE -amount_minor END)");

/** One customer's net flow per month in [from, to] and its open accounts' balance. */
export async function customerFlows(scope: TenantScope, customerId: string, from: number, to: number) {
  const [months, balance] = await Promise.all([
    scope.db.all<{ m: number; net: number; inflow: number; outflow: number }>(sql`
      SELECT ${MONTH} AS m, ${NET} AS net,
        SUM(CASE WHEN type = 'credit' THEN amount_minor ELSE 0 END) AS inflow,
        SUM(CASE WHEN type = 'debit' THEN amount_minor ELSE 0 END) AS outflow
      FROM transactions INDEXED BY transactions_flow_idx
      WHERE ${tenantSql(scope)} AND customer_id = ${customerId} AND ${within(from, to)} AND ${MOVED}
      GROUP BY m`),
    scope.db.all<{ b: number | null }>(sql`
      SELECT SUM(current_balance_minor) AS b FROM accounts
      WHERE ${tenantSql(scope)} AND customer_id = ${customerId} AND status <> 'closed'`),
  ]);
  return { months, balanceMinor: balance[0]?.b ?? 0 };
}

/** Ids closing each slice of `size` customers (id order), the last id last: slice bounds. */
export async function customerSliceBounds(scope: TenantScope, size: number): Promise<string[]> {
  const rows = await scope.db.all<{ id: string }>(sql`
    SELECT id FROM (
      SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn, COUNT(*) OVER () AS n FROM customers
      WHERE ${tenantSql(scope)} AND status <> 'closed'
    ) WHERE rn % ${size} = 0 OR rn = n ORDER BY id`);
  return [...new Set(rows.map((r) => r.id))];
}

export interface FlowStatsRow {
  id: string;
  balance: number;
  net_sum: number;
  net_sq: number;
}

/**
 * Balance and the sum / sum of squares of monthly net flow over [from, to] for the customers
 * with ids in (afterId, throughId]: one statement per slice, along the customer index.
 */
export function sliceFlowStats(
  scope: TenantScope,
  afterId: string,
  throughId: string,
  from: number,
  to: number,
) {
  return scope.db.all<FlowStatsRow>(sql`
    WITH flows AS (
      SELECT customer_id, ${MONTH} AS m, ${NET} AS net
      FROM transactions INDEXED BY transactions_flow_idx
      WHERE ${tenantSql(scope)} AND customer_id > ${afterId} AND customer_id <= ${throughId}
        AND ${within(from, to)} AND ${MOVED}
      GROUP BY customer_id, m
    ),
    stats AS (SELECT customer_id, SUM(net) AS s, SUM(net * 1.0 * net) AS sq FROM flows GROUP BY customer_id),
    bal AS (
      SELECT customer_id, SUM(current_balance_minor) AS b FROM accounts
      WHERE ${tenantSql(scope)} AND customer_id > ${afterId} AND customer_id <= ${throughId} AND status <> 'closed'
      GROUP BY customer_id
    )
    SELECT c.id AS id, COALESCE(bal.b, 0) AS balance, COALESCE(stats.s, 0) AS net_sum, COALESCE(stats.sq, 0) AS net_sq
    FROM customers c LEFT JOIN stats ON stats.customer_id = c.id LEFT JOIN bal ON bal.customer_id = c.id
    WHERE ${tenantSql(scope, "c")} AND c.id > ${afterId} AND c.id <= ${throughId} AND c.status <> 'closed'`);
}

// ---- concentration ----------------------------------------------------------------------

const perCustomerInflow = (scope: TenantScope, from: number, to: number) => sql`
  per AS (
    SELECT customer_id, SUM(amount_minor) AS inflow
    FROM transactions INDEXED BY transactions_flow_idx
    WHERE ${tenantSql(scope)} AND ${within(from, to)} AND ${REVENUE_CREDIT}
    GROUP BY customer_id
  ),
  ranked AS (SELECT customer_id, inflow, ROW_NUMBER() OVER (ORDER BY inflow DESC, customer_id) AS rn FROM per)`;

export interface ConcentrationRow {
  n: number;
  total: number;
  sq: number;
  top1: number;
  top5: number;
  top10: number;
}

/** Totals of inflow per customer over [from, to]: count, total, sum of squares, top-N sums. */
export async function customerConcentration(scope: TenantScope, from: number, to: number) {
  const rows = await scope.db.all<ConcentrationRow>(sql`
    WITH ${perCustomerInflow(scope, from, to)}
    SELECT COUNT(*) AS n, COALESCE(SUM(inflow), 0) AS total, COALESCE(SUM(inflow * 1.0 * inflow), 0) AS sq,
      COALESCE(SUM(CASE WHEN rn <= 1 THEN inflow END), 0) AS top1,
      COALESCE(SUM(CASE WHEN rn <= 5 THEN inflow END), 0) AS top5,
      COALESCE(SUM(CASE WHEN rn <= 10 THEN inflow END), 0) AS top10
    FROM ranked`);
  return rows[0];
}

export function topCustomers(scope: TenantScope, from: number, to: number, limit: number) {
  return scope.db.all<{ customer_id: string; name: string; vertical: string | null; inflow: number }>(sql`
    WITH ${perCustomerInflow(scope, from, to)}
    SELECT r.customer_id, c.name, c.vertical, r.inflow FROM ranked r
    JOIN customers c ON ${tenantSql(scope, "c")} AND c.id = r.customer_id
    WHERE r.rn <= ${limit} ORDER BY r.rn`);
}

export function inflowByVertical(scope: TenantScope, from: number, to: number) {
  return scope.db.all<{ key: string; customers: number; inflow: number }>(sql`
    WITH ${perCustomerInflow(scope, from, to)}
    SELECT COALESCE(NULLIF(c.vertical, ''), 'unspecified') AS key, COUNT(*) AS customers, SUM(p.inflow) AS inflow
    FROM per p JOIN customers c ON ${tenantSql(scope, "c")} AND c.id = p.customer_id
    GROUP BY key ORDER BY inflow DESC, key`);
}

export function inflowByCountry(scope: TenantScope, from: number, to: number) {
  return scope.db.all<{ key: string; customers: number; inflow: number }>(sql`
    SELECT COALESCE(NULLIF(upper(counterparty_country), ''), 'UNKNOWN') AS key,
      COUNT(DISTINCT customer_id) AS customers, SUM(amount_minor) AS inflow
    FROM transactions INDEXED BY transactions_flow_idx
    WHERE ${tenantSql(scope)} AND ${within(from, to)} AND ${REVENUE_CREDIT}
    GROUP BY key ORDER BY inflow DESC, key`);
}

// ---- what-if churn ----------------------------------------------------------------------

export function existingCustomerIds(scope: TenantScope, ids: string[]) {
  return scope.db.all<{ id: string }>(sql`
    SELECT id FROM customers WHERE ${likelyTenantSql(scope)}
      AND ${inJsonList(sql`id`, ids)}`);
}

export interface ChurnSplitRow {
  n_all: number;
  total_all: number;
  sq_all: number;
  top1_all: number;
  top10_all: number;
  n_rem: number;
  total_rem: number;
  sq_rem: number;
  top1_rem: number;
  top10_rem: number;
  n_churned: number;
  churned_inflow: number;
}

/**
 * Inflow in `month` per customer, split into the churned set (named ids, plus the `pick`
 * smallest other active customers by that month's inflow, ties by id) and the rest.
 */
export async function churnSplit(scope: TenantScope, month: number, namedIds: string[], pick: number) {
  const rows = await scope.db.all<ChurnSplitRow>(sql`
    WITH per AS (
      SELECT customer_id, SUM(amount_minor) AS inflow
      FROM transactions INDEXED BY transactions_flow_idx
      WHERE ${tenantSql(scope)} AND ${within(month, month)} AND ${REVENUE_CREDIT}
      GROUP BY customer_id
    ),
    named AS (SELECT value AS id FROM json_each(${JSON.stringify(namedIds)})),
    picked AS (
      SELECT customer_id FROM per WHERE customer_id NOT IN (SELECT id FROM named)
      ORDER BY inflow ASC, customer_id LIMIT ${pick}
    ),
    flagged AS (
      SELECT customer_id, inflow,
        (customer_id IN (SELECT id FROM named) OR customer_id IN (SELECT customer_id FROM picked)) AS churned
      FROM per
    ),
    ranked AS (
      SELECT inflow, churned,
        ROW_NUMBER() OVER (ORDER BY inflow DESC, customer_id) AS rn_all,
        ROW_NUMBER() OVER (PARTITION BY churned ORDER BY inflow DESC, customer_id) AS rn_part
      FROM flagged
    )
    SELECT COUNT(*) AS n_all, COALESCE(SUM(inflow), 0) AS total_all, COALESCE(SUM(inflow * 1.0 * inflow), 0) AS sq_all,
      COALESCE(SUM(CASE WHEN rn_all <= 1 THEN inflow END), 0) AS top1_all,
      COALESCE(SUM(CASE WHEN rn_all <= 10 THEN inflow END), 0) AS top10_all,
      COALESCE(SUM(churned = 0), 0) AS n_rem,
      COALESCE(SUM(CASE WHEN churned = 0 THEN inflow END), 0) AS total_rem,
      COALESCE(SUM(CASE WHEN churned = 0 THEN inflow * 1.0 * inflow END), 0) AS sq_rem,
      COALESCE(SUM(CASE WHEN churned = 0 AND rn_part <= 1 THEN inflow END), 0) AS top1_rem,
      COALESCE(SUM(CASE WHEN churned = 0 AND rn_part <= 10 THEN inflow END), 0) AS top10_rem,
      COALESCE(SUM(churned), 0) AS n_churned,
      COALESCE(SUM(CASE WHEN churned = 1 THEN inflow END), 0) AS churned_inflow
    FROM ranked`);
  return rows[0];
}
