import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql, tenantValue } from "../../../db/tenant-tables";

/** Tier and regional benchmarks, and an agent's standing among its peers. */

export type Dimension = "tier" | "region";
const DIMENSION_COLUMN: Record<Dimension, SQL> = { tier: sql.raw("agent_tier"), region: sql.raw("region") };

export interface GroupStatsRow {
  g: string;
  n: number;
  avg_count: number;
  avg_volume_minor: number;
  avg_float: number | null;
  avg_ahi: number;
  p25: number;
  p50: number;
  p75: number;
  computed_at: string;
}

/**
 * Recomputes the tenant's stored benchmarks from its snapshots (run at the end of a refresh):
 * per tier and per region, sizes and averages, and the AHI quartiles by nearest rank (rank
 * ceil(q*n), as integer arithmetic), from one window-function pass per dimension.
 */
export async function rebuildBenchmarks(scope: TenantScope, computedAt: string): Promise<void> {
  const insert = (dimension: Dimension) => {
    const column = DIMENSION_COLUMN[dimension];
    return sql`INSERT INTO agent_health_benchmarks (tenant_id, dimension, group_value, sample_size,
        avg_count, avg_volume_minor, avg_float, avg_ahi, p25, p50, p75, computed_at)
      WITH ranked AS (
        SELECT ${column} AS g, ahi_score, transaction_count, transaction_volume_minor, float_utilization,
          ROW_NUMBER() OVER (PARTITION BY ${column} ORDER BY ahi_score) AS rn,
          COUNT(*) OVER (PARTITION BY ${column}) AS n
        FROM agent_health_snapshots
        WHERE ${tenantSql(scope)} AND ${column} IS NOT NULL
      )
      SELECT ${tenantValue(scope)}, ${sql.raw(`'${dimension}'`)}, g, COUNT(*), AVG(transaction_count),
        AVG(transaction_volume_minor), AVG(float_utilization), AVG(ahi_score),
        MAX(CASE WHEN rn = (n + 3) / 4 THEN ahi_score END),
        MAX(CASE WHEN rn = (n + 1) / 2 THEN ahi_score END),
        MAX(CASE WHEN rn = (3 * n + 3) / 4 THEN ahi_score END), ${computedAt}
      FROM ranked GROUP BY g`;
  };
  await scope.db.batchSql([
    sql`DELETE FROM agent_health_benchmarks WHERE ${tenantSql(scope)}`,
    insert("tier"),
    insert("region"),
  ]);
}

export const hasBenchmarks = async (scope: TenantScope) =>
  (await scope.db.all(sql`SELECT 1 FROM agent_health_benchmarks WHERE ${tenantSql(scope)} LIMIT 1`)).length >
  0;

/** Stored benchmark groups of a dimension (or one group of it), by group name. */
export function groupStats(scope: TenantScope, dimension: Dimension, value?: string) {
  const only = value === undefined ? sql`` : sql` AND group_value = ${value}`;
  return scope.db.all<GroupStatsRow>(sql`
    SELECT group_value AS g, sample_size AS n, avg_count, avg_volume_minor, avg_float, avg_ahi, p25, p50, p75,
      computed_at
    FROM agent_health_benchmarks
    WHERE ${tenantSql(scope)} AND dimension = ${dimension}${only}
    ORDER BY group_value`);
}

export interface PeerValues {
  transactionCount: number;
  transactionVolumeMinor: number;
  floatScore: number;
  ahiScore: number;
}

export interface PeerCountRow {
  peers: number;
  c_lt: number;
  c_eq: number;
  v_lt: number;
  v_eq: number;
  f_lt: number;
  f_eq: number;
  a_lt: number;
  a_eq: number;
}

/** How many peers of the group (the agent itself excluded) are below / equal, per metric. */
export async function peerCounts(
  scope: TenantScope,
  dimension: Dimension,
  value: string,
  agentId: string,
  v: PeerValues,
): Promise<PeerCountRow> {
  const col = DIMENSION_COLUMN[dimension];
  const rows = await scope.db.all<PeerCountRow>(sql`
    SELECT COUNT(*) AS peers,
      COALESCE(SUM(transaction_count < ${v.transactionCount}), 0) AS c_lt,
      COALESCE(SUM(transaction_count = ${v.transactionCount}), 0) AS c_eq,
      COALESCE(SUM(transaction_volume_minor < ${v.transactionVolumeMinor}), 0) AS v_lt,
      COALESCE(SUM(transaction_volume_minor = ${v.transactionVolumeMinor}), 0) AS v_eq,
      COALESCE(SUM(coalesce(float_score, 0) < ${v.floatScore}), 0) AS f_lt,
      COALESCE(SUM(coalesce(float_score, 0) = ${v.floatScore}), 0) AS f_eq,
      COALESCE(SUM(ahi_score < ${v.ahiScore}), 0) AS a_lt,
      COALESCE(SUM(ahi_score = ${v.ahiScore}), 0) AS a_eq
    FROM agent_health_snapshots
    WHERE ${tenantSql(scope)} AND ${col} = ${value} AND agent_id <> ${agentId}`);
  return rows[0];
}
