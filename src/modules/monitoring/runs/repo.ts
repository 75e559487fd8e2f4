import { count, desc, eq, lt, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { listOrder, type PageRequest, tablePage } from "../../../db/keyset";
import { type MonitoringRunRow, monitoringRuns, monitoringScreenings } from "../../../db/shard/monitoring";
import { tenantSql } from "../../../db/tenant-tables";

const r = monitoringRuns;

export interface Page {
  limit: number;
  offset: number;
}

export type NewRun = Omit<MonitoringRunRow, "tenantId">;

export const insertRun = (scope: TenantScope, run: NewRun) => scope.db.insert(r).values(run);

export const findRun = (scope: TenantScope, runId: string) =>
  scope.db.select().from(r, eq(r.id, runId)).get();

/** The tenant's run in progress, if any (the newest first). */
export const runningRun = (scope: TenantScope) =>
  scope.db
    .select({ id: r.id })
    .from(r, eq(r.status, "running"))
    .orderBy(desc(r.startedAt), desc(r.id))
    .limit(1)
    .get();

const runOrder = listOrder("monitoring-runs", r, { startedAt: "desc", id: "desc" });

export const listRuns = (scope: TenantScope, page: PageRequest) =>
  tablePage(scope.db, r, runOrder, {}, [], page);

/** One screened entity's share of the run's figures, in the screening's own batch. */
export const addScreened = (
  scope: TenantScope,
  runId: string,
  s: { screened: number; alerts: number; casesOpened: number; casesAppended: number },
) =>
  scope.db
    .update(r)
    .set({
      entitiesScreened: sql`${r.entitiesScreened} + ${s.screened}`,
      alertsRaised: sql`${r.alertsRaised} + ${s.alerts}`,
      casesOpened: sql`${r.casesOpened} + ${s.casesOpened}`,
      casesAppended: sql`${r.casesAppended} + ${s.casesAppended}`,
    })
    .where(eq(r.id, runId));

/** One dead-lettered entity, counted only when the failure record before it changed a row. */
export const addDeadLettered = (scope: TenantScope, runId: string) =>
  scope.db
    .update(r)
    .set({ entitiesFailed: sql`${r.entitiesFailed} + 1` })
    .where(eq(r.id, runId), sql`changes() > 0`);

/**
 * A step that handed over to the next (a finished run's figures no longer move); its heartbeat
 * pushed to `nextAt`, when the next step is due.
 */
export const addStep = (scope: TenantScope, runId: string, nextAt: string) =>
  scope.db
    .update(r)
    .set({ steps: sql`${r.steps} + 1`, heartbeatAt: laterBeat(nextAt) })
    .where(eq(r.id, runId), eq(r.status, "running"));

/** A heartbeat only moves forward (a late renewal never pulls a handover's back). */
const laterBeat = (at: string) => sql`max(coalesce(${r.heartbeatAt}, ''), ${at})`;

/** The run's heartbeat: alive at `at` (while it runs). */
export const beat = (scope: TenantScope, runId: string, at: string) =>
  scope.db
    .update(r)
    .set({ heartbeatAt: laterBeat(at) })
    .where(eq(r.id, runId), eq(r.status, "running"));

/**
 * Entities the run left alone because nothing of theirs arrived before it began: a screening
 * from before the cutoff and no pending row first seen before it (a dead letter is not skipped).
 */
export async function unchangedEntities(scope: TenantScope, cutoff: string): Promise<number> {
  const s = monitoringScreenings;
  const row = await scope.db
    .select({ n: count() })
    .from(
      s,
      lt(s.screenedAt, cutoff),
      sql`NOT EXISTS (SELECT 1 FROM monitoring_pending q WHERE ${tenantSql(scope, "q")}
        AND q.entity_type = ${s.entityType} AND q.entity_id = ${s.entityId} AND q.first_seen_at < ${cutoff})`,
    )
    .get();
  return row?.n ?? 0;
}

/** Ends a running run (only once: a second completer changes nothing). */
export const finishRun = (
  scope: TenantScope,
  runId: string,
  end: {
    status: "completed" | "failed";
    completedAt: string;
    durationMs: number;
    skipped: number;
    error: string | null;
  },
) =>
  scope.db
    .update(r)
    .set({
      steps: sql`${r.steps} + 1`,
      status: end.status,
      completedAt: end.completedAt,
      durationMs: end.durationMs,
      entitiesSkipped: end.skipped,
      error: end.error,
    })
    .where(eq(r.id, runId), eq(r.status, "running"));

/** A column to return from finishRun (whether this call ended the run). */
export const runId = r.id;

/**
 * Queues every entity with transactions dated in the lookback range, each with the range as its
 * span (event time: judged as of the range's dates), seen just before the run began so the run
 * owns it. An entity already pending keeps its place and widens its span. One statement over the
 * date index (transactions_list_idx); the range is at most EVENT_LOOKBACK_DAYS long. Sent
 * before the run's row: were that refused, the queued rows are screened by the next drain.
 */
export const queueLookback = (scope: TenantScope, range: { from: string; to: string }, seenAt: string) =>
  sql`WITH in_range AS (
      SELECT x.customer_id, x.account_id, x.agent_id, x.merchant_name, x.counterparty_account, x.counterparty_name
      FROM transactions x
      WHERE ${tenantSql(scope, "x")} AND x.transaction_date >= ${range.from} AND x.transaction_date <= ${range.to})
    INSERT INTO monitoring_pending
      (tenant_id, entity_type, entity_id, first_seen_at, last_seen_at, events_from, events_to)
    SELECT ${scope.tenantId}, e.entity_type, e.entity_id, ${seenAt}, ${seenAt}, ${range.from}, ${range.to}
    FROM (
      SELECT 'customer' AS entity_type, t.customer_id AS entity_id FROM in_range t
      UNION SELECT 'account', t.account_id FROM in_range t
      UNION SELECT 'agent', t.agent_id FROM in_range t
      UNION SELECT 'merchant', t.merchant_name FROM in_range t
      UNION SELECT 'counterparty', coalesce(t.counterparty_account, t.counterparty_name) FROM in_range t
    ) AS e
    WHERE e.entity_id IS NOT NULL AND e.entity_id <> ''
    ON CONFLICT (tenant_id, entity_type, entity_id) DO UPDATE SET
      generation = generation + 1,
      events_from = min(coalesce(events_from, excluded.events_from), excluded.events_from),
      events_to = max(coalesce(events_to, excluded.events_to), excluded.events_to)`;
/** Inserts the run unless its (tenant, occurrence) has one: answers the id when this call inserted it. */
export const insertRunOnce = (scope: TenantScope, run: NewRun) =>
  scope.db.insert(r).values(run).onConflictDoNothing().returning({ id: r.id });

export const findRunByOccurrence = (scope: TenantScope, occurrence: string) =>
  scope.db.select().from(r, eq(r.occurrence, occurrence)).get();

/**
 * A rescreen's next page of the population (docs/methodology/monitoring.md#rescreening): up to
 * `limit` entities with a screening from before the run began and no pending row, queued as first
 * seen just before the run (so its drain claims them). Answers how many it queued; 0 when every
 * entity was screened again since the run began (or is pending, failing or dead-lettered).
 */
export async function queueRescreenPage(
  scope: TenantScope,
  startedAt: string,
  limit: number,
): Promise<number> {
  const seen = new Date(Date.parse(startedAt) - 1).toISOString();
  const rows = await scope.db.all<{ n: number }>(sql`INSERT INTO monitoring_pending
      (tenant_id, entity_type, entity_id, first_seen_at, last_seen_at)
    SELECT s.tenant_id, s.entity_type, s.entity_id, ${seen}, ${seen} FROM monitoring_screenings s
    WHERE ${tenantSql(scope, "s")} AND s.screened_at < ${startedAt}
      AND NOT EXISTS (SELECT 1 FROM monitoring_pending q WHERE ${tenantSql(scope, "q")}
        AND q.entity_type = s.entity_type AND q.entity_id = s.entity_id)
    ORDER BY s.entity_type, s.entity_id LIMIT ${limit}
    ON CONFLICT DO NOTHING RETURNING 1 AS n`);
  return rows.length;
}
