import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../../db/client";
import { tenantSql, tenantValue } from "../../../../db/tenant-tables";
import { MOVED_MONEY } from "../../../data/read-model";
import type { SlotAggregate } from "../domain/seasonality";
import { CUSTOMER_FLOW } from "../repo";

/** Which agents a read covers: one agent, or an agent-id range (refresh slices). */
export type Target =
  | { kind: "one"; agentId: string }
  | { kind: "range"; afterId: string | null; throughId: string };

function targetFilter(column: SQL, target: Target): SQL {
  if (target.kind === "one") return sql` AND ${column} = ${target.agentId}`;
  const after = target.afterId === null ? sql`` : sql` AND ${column} > ${target.afterId}`;
  return sql`${after} AND ${column} <= ${target.throughId}`;
}

export interface BalanceRow {
  agent_id: string;
  /** E-float at asOf: the latest report at or before it (else the agent record) moved by the flows since. */
  float_now: number;
  cash_now: number | null;
}

const latestReport = (scope: TenantScope, alias: string, asOf: string, cashOnly: boolean) =>
  sql`(SELECT MAX(x.reported_at) FROM agent_float_reports x WHERE ${tenantSql(scope, "x")}
    AND x.agent_id = ${sql.identifier(alias)}.agent_id AND x.reported_at <= ${asOf}${cashOnly ? sql` AND x.cash_balance_minor IS NOT NULL` : sql``})`;

/**
 * Each agent's e-float (and, when reported, cash) balance at `asOf`: the anchor moved by the
 * transactions between the anchor and `asOf` (backwards when the agent record is newer).
 */
export function balancesAt(scope: TenantScope, target: Target, asOf: string) {
  const { floatDelta, delta } = CUSTOMER_FLOW;
  const moved = (
    anchor: string,
    d: SQL,
  ) => sql`(SELECT SUM(CASE WHEN t.transaction_date > ${sql.raw(anchor)} THEN ${d} ELSE -(${d}) END)
      FROM transactions t INDEXED BY transactions_agent_idx WHERE ${tenantSql(scope, "t")} AND t.agent_id IS NOT NULL
        AND t.agent_id = b.agent_id AND t.transaction_date > min(${sql.raw(anchor)}, ${asOf})
        AND t.transaction_date <= max(${sql.raw(anchor)}, ${asOf}) AND ${MOVED_MONEY})`;
  return scope.db.all<BalanceRow>(sql`
    WITH b AS (
      SELECT a.agent_id, COALESCE(r.float_balance_minor, a.float_balance_minor) AS anchor_float,
        COALESCE(r.reported_at, a.updated_at) AS anchor_at, c.cash_balance_minor AS anchor_cash, c.reported_at AS cash_at
      FROM agents a
      LEFT JOIN agent_float_reports r ON ${tenantSql(scope, "r")} AND r.agent_id = a.agent_id
        AND r.reported_at = ${latestReport(scope, "a", asOf, false)}
      LEFT JOIN agent_float_reports c ON ${tenantSql(scope, "c")} AND c.agent_id = a.agent_id
        AND c.reported_at = ${latestReport(scope, "a", asOf, true)}
      WHERE ${tenantSql(scope, "a")}${targetFilter(sql`a.agent_id`, target)})
    SELECT b.agent_id,
      b.anchor_float + COALESCE(${moved("b.anchor_at", floatDelta)}, 0) AS float_now,
      CASE WHEN b.anchor_cash IS NULL THEN NULL
        ELSE b.anchor_cash - COALESCE(${moved("b.cash_at", delta)}, 0) END AS cash_now
    FROM b`);
}

export interface HistoryStatsRow {
  agent_id: string;
  n: number;
  first_tx: string;
  in_n: number;
  in_v: number;
  out_n: number;
  out_v: number;
}

const customerTx = (scope: TenantScope, target: Target | null, from: string, to: string) =>
  sql`FROM transactions INDEXED BY transactions_agent_idx WHERE ${tenantSql(scope)} AND agent_id IS NOT NULL${
    target ? targetFilter(sql`agent_id`, target) : sql``
  } AND transaction_date > ${from} AND transaction_date <= ${to} AND ${MOVED_MONEY} AND NOT ${CUSTOMER_FLOW.rebalance}`;

/** Per agent over the history window: customer transactions, the first one, cash-in and cash-out tickets. */
export function historyStats(scope: TenantScope, target: Target, from: string, to: string) {
  const cashIn = CUSTOMER_FLOW.cashIn;
  return scope.db.all<HistoryStatsRow>(sql`
    SELECT agent_id, COUNT(*) AS n, MIN(transaction_date) AS first_tx,
      SUM(${cashIn}) AS in_n, SUM(CASE WHEN ${cashIn} THEN amount_minor ELSE 0 END) AS in_v,
      SUM(NOT ${cashIn}) AS out_n, SUM(CASE WHEN ${cashIn} THEN 0 ELSE amount_minor END) AS out_v
    ${customerTx(scope, target, from, to)} GROUP BY agent_id`);
}

/** The hourly customer net flow of each (agent, hour), summed per slot of the week (UTC). */
const HOURLY = (scope: TenantScope, target: Target | null, from: string, to: string) => sql`
  SELECT agent_id, substr(transaction_date, 1, 13) AS hr,
    CAST(strftime('%w', substr(transaction_date, 1, 10)) AS INTEGER) * 24 + CAST(substr(transaction_date, 12, 2) AS INTEGER) AS slot,
    SUM(1.0 * (${CUSTOMER_FLOW.delta})) AS net
  ${customerTx(scope, target, from, to)} GROUP BY agent_id, hr`;

export interface HourlyFlowRow {
  agent_id: string;
  /** "2026-03-02T09|-1200|0,...": hour, customer net, rebalancing net, for each hour with a transaction. */
  hours: string;
}

/**
 * Each agent's hours with any moved money in (from, to], packed in one row per agent (the
 * in-stock walk needs the rebalancing flows too): far fewer rows than one per hour.
 */
export function hourlyFlows(scope: TenantScope, target: Target, from: string, to: string) {
  const { delta, floatDelta } = CUSTOMER_FLOW;
  return scope.db.all<HourlyFlowRow>(sql`
    SELECT agent_id, group_concat(hr || '|' || customer || '|' || moved, ',') AS hours FROM (
      SELECT agent_id, substr(transaction_date, 1, 13) AS hr, SUM(${delta}) AS customer,
        SUM(${floatDelta}) - SUM(${delta}) AS moved
      FROM transactions INDEXED BY transactions_agent_idx WHERE ${tenantSql(scope)} AND agent_id IS NOT NULL${targetFilter(
        sql`agent_id`,
        target,
      )} AND transaction_date > ${from} AND transaction_date <= ${to} AND ${MOVED_MONEY}
      GROUP BY agent_id, hr)
    GROUP BY agent_id`);
}

/** The tenant's hourly flows per slot over all agents, with the agents and transactions behind them. */
export async function tenantSlotAggregates(scope: TenantScope, from: string, to: string) {
  const [slots, totals] = await Promise.all([
    scope.db.all<SlotAggregate>(sql`
      SELECT slot, SUM(net) AS sum, SUM(net * net) AS sumSq FROM (${HOURLY(scope, null, from, to)}) GROUP BY slot`),
    scope.db.all<{ agents: number; n: number }>(sql`
      SELECT COUNT(DISTINCT agent_id) AS agents, COUNT(*) AS n ${customerTx(scope, null, from, to)}`),
  ]);
  return { slots, agents: totals[0]?.agents ?? 0, transactions: totals[0]?.n ?? 0 };
}

export async function storedPool(scope: TenantScope) {
  const rows = await scope.db.all<{ weeks: number; transactions: number; slots: string }>(sql`
    SELECT weeks, transactions, slots FROM agent_float_demand_pools WHERE ${tenantSql(scope)}`);
  return rows.length === 0
    ? undefined
    : {
        weeks: rows[0].weeks,
        transactions: rows[0].transactions,
        slots: JSON.parse(rows[0].slots) as SlotAggregate[],
      };
}

export function storePool(
  scope: TenantScope,
  pool: { weeks: number; transactions: number; slots: SlotAggregate[] } | null,
  at: string,
) {
  if (!pool) return scope.db.run(sql`DELETE FROM agent_float_demand_pools WHERE ${tenantSql(scope)}`);
  return scope.db.run(sql`INSERT INTO agent_float_demand_pools (tenant_id, weeks, transactions, slots, computed_at)
    VALUES (${tenantValue(scope)}, ${pool.weeks}, ${pool.transactions}, ${JSON.stringify(pool.slots)}, ${at})
    ON CONFLICT (tenant_id) DO UPDATE SET weeks = excluded.weeks, transactions = excluded.transactions,
      slots = excluded.slots, computed_at = excluded.computed_at`);
}
