import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql, tenantValue } from "../../../db/tenant-tables";
import { jsonArrayChunks } from "../../../lib/json-chunks";
import { MOVED_MONEY } from "../../data/read-model";
import type { FlowBucket, Granularity, ReportedPoint } from "./domain/history";
import type { SlotAggregate } from "./domain/seasonality";

/**
 * Categories that are the agent's own float management (top-ups, sweeps, rebalancing with a
 * super-agent or bank), not customer demand: a credit adds e-float, a debit takes it away.
 */
export const REBALANCE_CATEGORIES = [
  "float_topup",
  "float_top_up",
  "topup",
  "top_up",
  "float_purchase",
  "float_rebalance",
  "rebalance",
  "rebalancing",
  "float_transfer",
  "float_sweep",
] as const;
const REBALANCE = sql.raw(
  `(lower(coalesce(category, '')) IN (${REBALANCE_CATEGORIES.map((c) => `'${c}'`).join(", ")}))`,
);
/** The AHI's cash-in rule (agent-health/repo.ts): category cash_in, else a debit not marked cash_out. */
const CASH_IN = sql.raw(
  `(coalesce(category, '') = 'cash_in' OR (coalesce(category, '') <> 'cash_out' AND type = 'debit'))`,
);
/** A transaction's effect on e-float (minor units). */
const FLOAT_DELTA = sql`CASE WHEN ${REBALANCE} THEN (CASE WHEN type = 'credit' THEN amount_minor ELSE -amount_minor END)
  WHEN ${CASH_IN} THEN -amount_minor ELSE amount_minor END`;
/** Customer demand only: cash-out adds e-float, cash-in takes it (rebalancing left out). */
const CUSTOMER_DELTA = sql`CASE WHEN ${REBALANCE} THEN 0 WHEN ${CASH_IN} THEN -amount_minor ELSE amount_minor END`;

const agentTx = (scope: TenantScope) =>
  sql`FROM transactions INDEXED BY transactions_agent_idx WHERE ${tenantSql(scope)} AND agent_id IS NOT NULL`;

export async function flowBuckets(
  scope: TenantScope,
  agentId: string,
  range: { from: string; to: string; granularity: Granularity },
): Promise<FlowBucket[]> {
  const len = range.granularity === "hour" ? 13 : 10;
  return scope.db.all<FlowBucket>(sql`
    SELECT substr(transaction_date, 1, ${len}) AS key,
      SUM(CASE WHEN NOT ${REBALANCE} AND ${CASH_IN} THEN amount_minor ELSE 0 END) AS cashIn,
      SUM(CASE WHEN NOT ${REBALANCE} AND NOT ${CASH_IN} THEN amount_minor ELSE 0 END) AS cashOut,
      SUM(CASE WHEN ${REBALANCE} AND type = 'credit' THEN amount_minor ELSE 0 END) AS rebalanceIn,
      SUM(CASE WHEN ${REBALANCE} AND type <> 'credit' THEN amount_minor ELSE 0 END) AS rebalanceOut,
      COUNT(*) AS transactions
    ${agentTx(scope)} AND agent_id = ${agentId}
      AND transaction_date >= ${range.from} AND transaction_date <= ${range.to} AND ${MOVED_MONEY}
    GROUP BY key ORDER BY key`);
}

/** Net e-float flow of (after, through]. */
export async function floatFlowBetween(scope: TenantScope, agentId: string, after: string, through: string) {
  const rows = await scope.db.all<{ net: number | null }>(sql`
    SELECT SUM(${FLOAT_DELTA}) AS net ${agentTx(scope)} AND agent_id = ${agentId}
      AND transaction_date > ${after} AND transaction_date <= ${through} AND ${MOVED_MONEY}`);
  return rows[0]?.net ?? 0;
}

interface ReportRow {
  reported_at: string;
  float_balance_minor: number;
  cash_balance_minor: number | null;
}
const toPoint = (r: ReportRow): ReportedPoint => ({
  reportedAt: r.reported_at,
  floatBalance: r.float_balance_minor,
  cashBalance: r.cash_balance_minor,
});

export async function reportsBetween(scope: TenantScope, agentId: string, from: string, to: string) {
  const rows = await scope.db.all<ReportRow>(sql`
    SELECT reported_at, float_balance_minor, cash_balance_minor FROM agent_float_reports
    WHERE ${tenantSql(scope)} AND agent_id = ${agentId} AND reported_at >= ${from} AND reported_at <= ${to}
    ORDER BY reported_at LIMIT 5000`);
  return rows.map(toPoint);
}

/** The latest report at or before `at` (the history's anchor before the agent record). */
export async function latestReportAtOrBefore(scope: TenantScope, agentId: string, at: string) {
  const rows = await scope.db.all<ReportRow>(sql`
    SELECT reported_at, float_balance_minor, cash_balance_minor FROM agent_float_reports
    WHERE ${tenantSql(scope)} AND agent_id = ${agentId} AND reported_at <= ${at} ORDER BY reported_at DESC LIMIT 1`);
  return rows.length > 0 ? toPoint(rows[0]) : null;
}

/** Upserts reports (same instant: the later send wins), one JSON parameter per statement. */
export function reportStatements(
  scope: TenantScope,
  agentId: string,
  points: ReportedPoint[],
  at: string,
): SQL[] {
  return jsonArrayChunks(points.map((p) => [p.reportedAt, p.floatBalance, p.cashBalance])).map(
    (chunk) => sql`INSERT INTO agent_float_reports
        (tenant_id, agent_id, reported_at, float_balance_minor, cash_balance_minor, recorded_at)
      SELECT ${tenantValue(scope)}, ${agentId}, json_extract(value, '$[0]'), json_extract(value, '$[1]'),
        json_extract(value, '$[2]'), ${at}
      FROM json_each(${chunk}) WHERE true
      ON CONFLICT (tenant_id, agent_id, reported_at) DO UPDATE SET
        float_balance_minor = excluded.float_balance_minor, cash_balance_minor = excluded.cash_balance_minor,
        recorded_at = excluded.recorded_at`,
  );
}

export const CUSTOMER_FLOW = {
  delta: CUSTOMER_DELTA,
  floatDelta: FLOAT_DELTA,
  cashIn: CASH_IN,
  rebalance: REBALANCE,
};
export type { SlotAggregate };
