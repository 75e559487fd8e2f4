import { and, eq, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { listOrder, type PageRequest, tablePage } from "../../db/keyset";
import { monitoringPending, monitoringScreenings } from "../../db/shard/monitoring";
import { type Placeholders, statementTemplate } from "../../db/statement-template";
import { tenantSql } from "../../db/tenant-tables";

const p = monitoringPending;

export interface PendingKey {
  entityType: (typeof p.$inferSelect)["entityType"];
  entityId: string;
}

export interface ClaimedEntity extends PendingKey {
  generation: number;
  attempts: number;
  /** The span of transaction dates that arrived since the last screening (null: as of now). */
  eventsFrom?: string | null;
  eventsTo?: string | null;
}

export type Page = PageRequest;

const isEntity = (e: PendingKey) => and(eq(p.entityType, e.entityType), eq(p.entityId, e.entityId))!;

/**
 * Claims up to `limit` claimable rows, oldest arrival first: not dead-lettered, no live lease or
 * back-off, and (a scheduled run) first seen before `seenBefore`. One statement (select by
 * primary key and update), so two screeners never hold one row.
 */
export function claimPage(
  scope: TenantScope,
  claim: {
    limit: number;
    token: string;
    now: string;
    leaseUntil: string;
    seenBefore?: string;
    /** Arrival screening: only rows whose arrivals settled (domain/drain.ts settleCut). */
    settle?: { settledBefore: string; waitedBefore: string };
  },
): Promise<ClaimedEntity[]> {
  const seen = claim.seenBefore ? sql`AND q.first_seen_at < ${claim.seenBefore}` : sql``;
  const settled = claim.settle
    ? sql`AND (q.last_seen_at <= ${claim.settle.settledBefore} OR q.first_seen_at <= ${claim.settle.waitedBefore})`
    : sql``;
  const cutoff = sql`${seen} ${settled}`;
  const oldest = sql`(${p.entityType}, ${p.entityId}) IN (
    SELECT q.entity_type, q.entity_id FROM monitoring_pending q
    WHERE ${tenantSql(scope, "q")} AND q.failed_at IS NULL
      AND (q.claimed_until IS NULL OR q.claimed_until <= ${claim.now}) ${cutoff}
    ORDER BY q.first_seen_at LIMIT ${claim.limit})`;
  return scope.db
    .update(p)
    .set({ claimToken: claim.token, claimedUntil: claim.leaseUntil })
    .where(oldest)
    .returning({
      entityType: p.entityType,
      entityId: p.entityId,
      generation: p.generation,
      attempts: p.attempts,
      eventsFrom: p.eventsFrom,
      eventsTo: p.eventsTo,
    });
}

/** Moves the lease of the rows this page still holds (token) to `leaseUntil`: the page still works. */
export const renewPage = (scope: TenantScope, token: string, leaseUntil: string) =>
  scope.db.update(p).set({ claimedUntil: leaseUntil }).where(eq(p.claimToken, token));

/**
 * For a screening's batch: remove the row when nothing arrived while it was screened (same
 * generation, still our claim), else release the claim so the newer arrival is screened again.
 */
export const finishStatements = (scope: TenantScope, e: ClaimedEntity, token: string) =>
  [
    scope.db.delete(p).where(isEntity(e), eq(p.claimToken, token), eq(p.generation, e.generation)),
    scope.db
      .update(p)
      .set({ claimToken: null, claimedUntil: null })
      .where(isEntity(e), eq(p.claimToken, token)),
  ] as const;

/** The page's finish (below) as templates: their texts built once per isolate, token and lists bound. */
const removeScreenedTemplate = statementTemplate(
  (db, _: null, v: Placeholders<{ token: string; rows: string }>) =>
    db.delete(p).where(
      eq(p.claimToken, v.token),
      sql`(${p.entityType}, ${p.entityId}, ${p.generation}) IN (SELECT json_extract(value, '$[0]'),
        json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(${v.rows}))`,
    ),
);
const releaseScreenedTemplate = statementTemplate(
  (db, _: null, v: Placeholders<{ token: string; keys: string }>) =>
    db
      .update(p)
      .set({ claimToken: null, claimedUntil: null })
      .where(
        eq(p.claimToken, v.token),
        sql`(${p.entityType}, ${p.entityId}) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]')
        FROM json_each(${v.keys}))`,
      ),
);

/**
 * finishStatements for a whole page (two statements): remove each screened entity's row unless a
 * newer arrival bumped its generation, then release what remains of our claim on them.
 */
export function finishPageStatements(scope: TenantScope, screened: readonly ClaimedEntity[], token: string) {
  const rows = JSON.stringify(screened.map((e) => [e.entityType, e.entityId, e.generation]));
  const keys = JSON.stringify(screened.map((e) => [e.entityType, e.entityId]));
  return [
    removeScreenedTemplate(scope, null, { token, rows }),
    releaseScreenedTemplate(scope, null, { token, keys }),
  ] as const;
}

/** A failed attempt: counted, the error kept, the claim released (with a back-off), or dead-lettered. */
export const recordFailure = (
  scope: TenantScope,
  e: ClaimedEntity,
  token: string,
  failure: { attempts: number; error: string; retryAt: string | null; failedAt: string | null },
) =>
  scope.db
    .update(p)
    .set({
      attempts: failure.attempts,
      lastError: failure.error.slice(0, 1000),
      claimToken: null,
      claimedUntil: failure.retryAt,
      failedAt: failure.failedAt,
    })
    .where(isEntity(e), eq(p.claimToken, token));

/**
 * Rows claimable now, and when the next leased or backing-off row becomes claimable (only rows
 * first seen before `seenBefore` when given: a scheduled run's share).
 */
export async function queueState(
  scope: TenantScope,
  now: string,
  seenBefore?: string,
  settle?: { settledBefore: string; waitedBefore: string },
) {
  const free = sql`(${p.claimedUntil} IS NULL OR ${p.claimedUntil} <= ${now})`;
  const ready = settle
    ? sql`${free} AND (${p.lastSeenAt} <= ${settle.settledBefore} OR ${p.firstSeenAt} <= ${settle.waitedBefore})`
    : free;
  const row = await scope.db
    .select({
      ready: sql<number>`coalesce(sum(CASE WHEN ${ready} THEN 1 ELSE 0 END), 0)`,
      nextAt: sql<string | null>`min(CASE WHEN ${p.claimedUntil} > ${now} THEN ${p.claimedUntil} END)`,
      // Rows free of any lease that wait for their arrivals to settle (arrival screening only).
      unsettledLast: sql<string | null>`min(CASE WHEN ${free} THEN ${p.lastSeenAt} END)`,
      unsettledFirst: sql<string | null>`min(CASE WHEN ${free} THEN ${p.firstSeenAt} END)`,
    })
    .from(p, sql`${p.failedAt} IS NULL`, seenBefore ? lt(p.firstSeenAt, seenBefore) : undefined)
    .get();
  return {
    ready: Number(row?.ready ?? 0),
    nextAt: row?.nextAt ?? null,
    unsettledLast: row?.unsettledLast ?? null,
    unsettledFirst: row?.unsettledFirst ?? null,
  };
}

/** The figures of GET /v1/monitoring/status, in one batch. */
export async function statusFigures(scope: TenantScope, now: string) {
  const [[pending], [screened]] = await scope.db.batch([
    scope.db
      .select({
        pending: sql<number>`coalesce(sum(CASE WHEN ${p.failedAt} IS NULL THEN 1 ELSE 0 END), 0)`,
        oldest: sql<string | null>`min(CASE WHEN ${p.failedAt} IS NULL THEN ${p.firstSeenAt} END)`,
        claimed: sql<number>`coalesce(sum(CASE WHEN ${p.claimToken} IS NOT NULL AND ${p.claimedUntil} > ${now} THEN 1 ELSE 0 END), 0)`,
        deadLettered: sql<number>`coalesce(sum(CASE WHEN ${p.failedAt} IS NOT NULL THEN 1 ELSE 0 END), 0)`,
      })
      .from(p),
    scope.db
      .select({ last: sql<string | null>`max(${monitoringScreenings.screenedAt})` })
      .from(monitoringScreenings),
  ]);
  return {
    pending: Number(pending.pending),
    oldest: pending.oldest,
    claimed: Number(pending.claimed),
    deadLettered: Number(pending.deadLettered),
    lastScreenedAt: screened.last,
  };
}

/** Only failed rows are listed, so failedAt is set; (entity type, id) is the row's key. */
const deadLetterOrder = listOrder(
  "monitoring-dead-letters",
  p,
  { failedAt: "desc", entityType: "asc", entityId: "asc" },
  { setByFilter: ["failedAt"] },
);

export const listDeadLetters = (scope: TenantScope, page: Page) =>
  tablePage(scope.db, p, deadLetterOrder, {}, [isNotNull(p.failedAt)], page);

/** Dead-lettered rows (all, or the named ones) back in the queue: attempts and failure cleared. */
export function retryDeadLetters(scope: TenantScope, entities: PendingKey[] | undefined) {
  // The names travel as one JSON parameter (D1 binds at most 100 per statement).
  const named: SQL | undefined = entities?.length
    ? sql`(${p.entityType}, ${p.entityId}) IN (SELECT json_extract(value, '$.entityType'),
        json_extract(value, '$.entityId') FROM json_each(${JSON.stringify(entities)}))`
    : undefined;
  return scope.db
    .update(p)
    .set({ failedAt: null, attempts: 0, claimToken: null, claimedUntil: null })
    .where(isNotNull(p.failedAt), named);
}

/** A column to return from the retry (how many rows it re-queued). */
export const pendingEntityId = p.entityId;
