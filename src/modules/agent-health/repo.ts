import { eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { listOrder, type PageRequest, tablePage } from "../../db/keyset";
import { type AgentHealthSnapshotRow, agentHealthSnapshots } from "../../db/shard/agent-health";
import { tenantSql, tenantValue } from "../../db/tenant-tables";
import { jsonArrayChunks } from "../../lib/json-chunks";
import { MOVED_MONEY } from "../data/read-model";
import type { ActivityRow, Bounds } from "./domain/types";

export type Page = PageRequest;

/** Statuses whose money did not move: left out of every AHI figure. */
const MOVED = MOVED_MONEY;
/**
 * A cash-in: category cash_in, or (no cash category) a debit on the agent's float account
 * (the agent sends e-value to the customer). Everything else is a cash-out.
 */
const CASH_IN = sql.raw(
  `(coalesce(category, '') = 'cash_in' OR (coalesce(category, '') <> 'cash_out' AND type = 'debit'))`,
);

/** Which agents a read covers: one agent, or an agent-id range (refresh slices). */
export type Target =
  | { kind: "one"; agentId: string }
  | { kind: "range"; afterId: string | null; throughId: string };

function targetFilter(column: SQL, target: Target): SQL {
  if (target.kind === "one") return sql` AND ${column} = ${target.agentId}`;
  const after = target.afterId === null ? sql`` : sql` AND ${column} > ${target.afterId}`;
  return sql`${after} AND ${column} <= ${target.throughId}`;
}

/**
 * One pass over two windows of the agents' transactions along the agent index, grouped
 * per agent: counts and volumes (minor units) of the window, its last 7 days and the
 * previous period, and the window's cash-in / cash-out split.
 */
export async function activityByAgent(
  scope: TenantScope,
  target: Target,
  b: Bounds,
): Promise<Map<string, ActivityRow>> {
  const cur = sql`transaction_date > ${b.windowStart}`;
  const rows = await scope.db.all<ActivityRow>(sql`
    SELECT agent_id,
      SUM(${cur}) AS n_cur,
      SUM(transaction_date > ${b.sevenDayStart}) AS n_7,
      SUM(transaction_date <= ${b.windowStart}) AS n_prev,
      SUM(CASE WHEN ${cur} THEN amount_minor ELSE 0 END) AS v_cur,
      SUM(CASE WHEN transaction_date > ${b.sevenDayStart} THEN amount_minor ELSE 0 END) AS v_7,
      SUM(CASE WHEN transaction_date <= ${b.windowStart} THEN amount_minor ELSE 0 END) AS v_prev,
      SUM(${cur} AND ${CASH_IN}) AS in_n,
      SUM(${cur} AND NOT ${CASH_IN}) AS out_n,
      SUM(CASE WHEN ${cur} AND ${CASH_IN} THEN amount_minor ELSE 0 END) AS in_v,
      SUM(CASE WHEN ${cur} AND NOT ${CASH_IN} THEN amount_minor ELSE 0 END) AS out_v
    FROM transactions INDEXED BY transactions_agent_idx
    WHERE ${tenantSql(scope)} AND agent_id IS NOT NULL${targetFilter(sql`agent_id`, target)}
      AND transaction_date > ${b.previousStart} AND transaction_date <= ${b.now} AND ${MOVED}
    GROUP BY agent_id`);
  return new Map(rows.map((r) => [r.agent_id, r]));
}

export interface AgentWithLast {
  agent_id: string;
  agent_code: string;
  agent_name: string | null;
  agent_type: string;
  agent_tier: string;
  agent_status: string;
  float_balance_minor: number;
  float_limit_minor: number;
  region: string | null;
  activated_at: string | null;
  created_at: string;
  last_transaction_at: string | null;
  /** Latest transaction up to `now` (one index seek per agent). */
  last_tx: string | null;
}

/** The next `limit` agents after `afterId` in agent-id order, with their latest transaction date. */
export function agentsAfter(scope: TenantScope, afterId: string | null, limit: number, now: string) {
  return scope.db.all<AgentWithLast>(sql`
    SELECT a.agent_id, a.agent_code, a.agent_name, a.agent_type, a.agent_tier, a.agent_status,
      a.float_balance_minor, a.float_limit_minor, a.region, a.activated_at, a.created_at, a.last_transaction_at,
      (SELECT MAX(t.transaction_date) FROM transactions t INDEXED BY transactions_agent_idx
        WHERE ${tenantSql(scope, "t")} AND t.agent_id IS NOT NULL AND t.agent_id = a.agent_id
          AND t.transaction_date <= ${now}) AS last_tx
    FROM agents a
    WHERE ${tenantSql(scope, "a")}${afterId === null ? sql`` : sql` AND a.agent_id > ${afterId}`}
    ORDER BY a.agent_id LIMIT ${limit}`);
}

/**
 * Latest transaction of one agent up to `now`, any status (an attempt shows the outlet is
 * operating), from one index seek.
 */
export async function lastTransactionOf(scope: TenantScope, agentId: string, now: string) {
  const rows = await scope.db.all<{ last_tx: string | null }>(sql`
    SELECT MAX(transaction_date) AS last_tx FROM transactions INDEXED BY transactions_agent_idx
    WHERE ${tenantSql(scope)} AND agent_id IS NOT NULL AND agent_id = ${agentId}
      AND transaction_date <= ${now}`);
  return rows[0]?.last_tx ?? null;
}

export const hasAgents = async (scope: TenantScope) =>
  (await scope.db.all(sql`SELECT 1 FROM agents WHERE ${tenantSql(scope)} LIMIT 1`)).length > 0;

export const countAgents = async (scope: TenantScope) =>
  (await scope.db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM agents WHERE ${tenantSql(scope)}`))[0].n;

export type SnapshotInsert = Omit<AgentHealthSnapshotRow, "tenantId">;

/** Per-row columns, sent as a JSON array in this order (no key names on the wire). */
const SNAPSHOT_COLUMNS: ReadonlyArray<readonly [string, keyof SnapshotInsert]> = [
  ["agent_id", "agentId"],
  ["agent_code", "agentCode"],
  ["agent_name", "agentName"],
  ["agent_tier", "agentTier"],
  ["agent_status", "agentStatus"],
  ["region", "region"],
  ["ahi_score", "ahiScore"],
  ["ahi_band", "ahiBand"],
  ["flag_count", "flagCount"],
  ["critical_flag_count", "criticalFlagCount"],
  ["float_utilization", "floatUtilization"],
  ["float_score", "floatScore"],
  ["float_balance_minor", "floatBalanceMinor"],
  ["transaction_count", "transactionCount"],
  ["transaction_volume_minor", "transactionVolumeMinor"],
  ["stockout_hours_p10", "stockoutHoursP10"],
  ["stockout_hours_p50", "stockoutHoursP50"],
  ["stockout_hours_p90", "stockoutHoursP90"],
  ["stockout_probability_24h", "stockoutProbability24h"],
  ["stockout_probability_72h", "stockoutProbability72h"],
  ["cash_stockout_hours_p50", "cashStockoutHoursP50"],
  ["suggested_rebalance_minor", "suggestedRebalanceMinor"],
];
/** Columns shared by every row of a refresh, bound once per statement. */
const RUN_COLUMNS = ["window_days", "calculation_version", "computed_at"];

const UPSERT_COLUMNS = sql.raw(`${RUN_COLUMNS.join(", ")}, ${SNAPSHOT_COLUMNS.map(([c]) => c).join(", ")}`);
const UPSERT_VALUES = sql.raw(SNAPSHOT_COLUMNS.map((_, i) => `json_extract(value, '$[${i}]')`).join(", "));
const UPSERT_SET = sql.raw(
  [...RUN_COLUMNS, ...SNAPSHOT_COLUMNS.slice(1).map(([c]) => c)]
    .map((c) => `${c} = excluded.${c}`)
    .join(", "),
);

/**
 * Upserts the snapshots of one refresh run (same window, version and time): rows travel as
 * one JSON parameter per statement, all statements in one batch.
 */
export async function upsertSnapshots(
  scope: TenantScope,
  run: { windowDays: number; calculationVersion: string; computedAt: string },
  rows: SnapshotInsert[],
): Promise<void> {
  if (rows.length === 0) return;
  const statements = jsonArrayChunks(rows.map((r) => SNAPSHOT_COLUMNS.map(([, k]) => r[k]))).map(
    (chunk) =>
      sql`INSERT INTO agent_health_snapshots (tenant_id, ${UPSERT_COLUMNS})
      SELECT ${tenantValue(scope)}, ${run.windowDays}, ${run.calculationVersion}, ${run.computedAt}, ${UPSERT_VALUES}
      FROM json_each(${chunk}) WHERE true
      ON CONFLICT (tenant_id, agent_id) DO UPDATE SET ${UPSERT_SET}`,
  );
  await scope.db.batchSql(statements);
}

// ---- portfolio summary -----------------------------------------------------------------

export interface SummaryFilter {
  tier?: string;
  region?: string;
  status?: string;
  minAHI?: number;
  maxAHI?: number;
  hasCriticalFlags?: boolean;
  stockoutWithinHours?: number;
}
export type SortBy =
  | "ahiScore"
  | "floatBalance"
  | "transactionVolume"
  | "agentCode"
  | "stockoutHoursP50"
  | "stockoutProbability24h";

const SORT_COLUMNS = {
  ahiScore: "ahiScore",
  floatBalance: "floatBalanceMinor",
  transactionVolume: "transactionVolumeMinor",
  agentCode: "agentCode",
  stockoutHoursP50: "stockoutHoursP50",
  stockoutProbability24h: "stockoutProbability24h",
} as const;

/** One order per sort choice, agentId (the key) breaking ties; the sort is in the cursor's filters. */
const summaryOrder = (sort: { by: SortBy; order: "asc" | "desc" }) =>
  listOrder(
    "agent-health-summary",
    agentHealthSnapshots,
    {
      [SORT_COLUMNS[sort.by]]: sort.order,
      agentId: sort.order,
    },
    {
      // No forecast stock-out within the horizon is the longest time; no forecast, the lowest probability.
      nullsAs: { stockoutHoursP50: 1e12, stockoutProbability24h: -1 },
    },
  );

export function summaryPage(
  scope: TenantScope,
  filter: SummaryFilter,
  sort: { by: SortBy; order: "asc" | "desc" },
  page: Page,
) {
  const s = agentHealthSnapshots;
  const where = [
    filter.tier ? eq(s.agentTier, filter.tier) : undefined,
    filter.region ? eq(s.region, filter.region) : undefined,
    filter.status ? eq(s.agentStatus, filter.status) : undefined,
    filter.minAHI !== undefined ? gte(s.ahiScore, filter.minAHI) : undefined,
    filter.maxAHI !== undefined ? lte(s.ahiScore, filter.maxAHI) : undefined,
    filter.hasCriticalFlags === undefined
      ? undefined
      : filter.hasCriticalFlags
        ? sql`${s.criticalFlagCount} > 0`
        : eq(s.criticalFlagCount, 0),
    filter.stockoutWithinHours !== undefined
      ? lte(s.stockoutHoursP50, filter.stockoutWithinHours)
      : undefined,
  ];
  return tablePage(scope.db, s, summaryOrder(sort), { ...filter, sort }, where, page);
}
