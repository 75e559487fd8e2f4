import { systemShardBinding } from "../../db/system-db";
import type { Env } from "../../env";

/**
 * Cross-tenant reads and writes of the monitoring tables on one shard, for the minute cron
 * (docs/methodology/monitoring.md#schedule-portfolio-runs). Tenant lists travel as one JSON parameter.
 */

export interface ScheduleCandidate {
  tenantId: string;
  /** The slot due now; null when none is (the tenant is listed for its latest run only). */
  occurrence: string | null;
}

export interface ScheduleState {
  tenantId: string;
  occurrence: string | null;
  /** A run exists for the due slot. */
  hasRun: number;
  /** The tenant's latest run (by start), if any. */
  latestId: string | null;
  latestStatus: string | null;
  latestStartedAt: string | null;
  /** Until when the latest run is known alive (its heartbeat; null before its first step). */
  latestHeartbeatAt: string | null;
  /** Some pending row of the tenant is under a live lease or back-off: a screener holds it. */
  working: number;
}

/**
 * One statement for a page of tenants: whether each due slot has its run, each tenant's latest
 * run (one index seek: the run list index is (tenant, started_at)) and whether a screener holds
 * any of its pending rows.
 */
export async function scheduleState(
  env: Env,
  shard: number,
  candidates: ScheduleCandidate[],
  now: string,
): Promise<ScheduleState[]> {
  const { results } = await systemShardBinding(env, shard)
    .prepare(
      `SELECT c.tenant_id AS tenantId, c.occurrence AS occurrence,
         EXISTS (SELECT 1 FROM monitoring_runs x
           WHERE x.tenant_id = c.tenant_id AND x.occurrence = c.occurrence) AS hasRun,
         r.id AS latestId, r.status AS latestStatus, r.started_at AS latestStartedAt,
         r.heartbeat_at AS latestHeartbeatAt,
         EXISTS (SELECT 1 FROM monitoring_pending p
           WHERE p.tenant_id = c.tenant_id AND p.failed_at IS NULL AND p.claimed_until > ?2) AS working
       FROM (SELECT json_extract(value, '$.tenantId') AS tenant_id,
               json_extract(value, '$.occurrence') AS occurrence FROM json_each(?1)) c
       LEFT JOIN monitoring_runs r ON r.rowid = (
         SELECT y.rowid FROM monitoring_runs y WHERE y.tenant_id = c.tenant_id
         ORDER BY y.started_at DESC, y.id DESC LIMIT 1)`,
    )
    .bind(JSON.stringify(candidates), now)
    .all<ScheduleState>();
  return results;
}

export interface DueRun {
  id: string;
  tenantId: string;
  occurrence: string;
  startedAt: string;
}

/**
 * Inserts the slots' runs; a slot that already has one (another cron got there first) is left
 * alone by the unique (tenant, occurrence). Answers the runs this call inserted.
 */
export async function insertDueRuns(env: Env, shard: number, runs: DueRun[]) {
  if (runs.length === 0) return [];
  const { results } = await systemShardBinding(env, shard)
    .prepare(
      `INSERT INTO monitoring_runs (id, tenant_id, trigger, occurrence, status, started_at)
       SELECT json_extract(value, '$.id'), json_extract(value, '$.tenantId'), 'schedule',
         json_extract(value, '$.occurrence'), 'running', json_extract(value, '$.startedAt')
       FROM json_each(?1) WHERE true
       ON CONFLICT (tenant_id, occurrence) DO NOTHING
       RETURNING id, tenant_id AS tenantId`,
    )
    .bind(JSON.stringify(runs))
    .all<{ id: string; tenantId: string }>();
  return results;
}

/**
 * Tenants with pending rows nobody works on: not dead-lettered, no live lease or back-off, and
 * first seen before `before` (an arrival's message is consumed within seconds). Pending rows
 * are few in a healthy shard, so the scan over the queue index stays small. Also tenants with
 * deferred hits nobody settles (no live claim, deferred before `before`): a drain whose last
 * claim failed or died leaves them, and any drain of the tenant collects them
 * (docs/methodology/monitoring.md#deferred-case-opening); the table is transient and small.
 */
export async function strandedPendingTenants(
  env: Env,
  shard: number,
  before: string,
  now: string,
  limit: number,
) {
  const { results } = await systemShardBinding(env, shard)
    .prepare(
      `SELECT tenant_id AS tenantId FROM monitoring_pending
       WHERE failed_at IS NULL AND first_seen_at < ?1 AND (claimed_until IS NULL OR claimed_until <= ?2)
       UNION
       SELECT tenant_id FROM monitoring_deferred_cases
       WHERE created_at < ?1 AND (claimed_until IS NULL OR claimed_until <= ?2)
       LIMIT ?3`,
    )
    .bind(before, now, limit)
    .all<{ tenantId: string }>();
  return results.map((r) => r.tenantId);
}
