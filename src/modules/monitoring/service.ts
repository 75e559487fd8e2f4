import type { BatchItem } from "drizzle-orm/batch";
import { countingContext } from "../../db/counting-d1";
import type { PageRequest } from "../../db/keyset";
import type { TenantContext } from "../../db/tenant-context";
import { jobs } from "../../jobs/messages";
import { presentPage } from "../../lib/pagination";
import { tenantAuditInsert } from "../audit/service";
import { notifyOutbox } from "../events/service";
import {
  afterFailure,
  followUp,
  LEASE_MS,
  nextPageSize,
  PAGE_SIZE,
  SCREEN_CONCURRENCY,
  WALL_BUDGET_MS,
} from "./domain/drain";
import { presentDeadLetter } from "./present";
import * as repo from "./repo";
import { type Entity, type Screening, type ScreenOptions, screenEntity } from "./screening/service";

/** Whether arrivals are screened: the tenant setting monitoring.onArrival, default true. */
export const screensOnArrival = (ctx: Pick<TenantContext, "tenant">) =>
  ctx.tenant.settings.monitoring?.onArrival !== false;

/**
 * After transactions were written (their entities are already pending: the triggers wrote them
 * in the same statement): one message per write, however many entities it queued. A failed send
 * is logged, not thrown: the write stands and its entities stay pending for the next message.
 */
export async function notifyArrival(ctx: Pick<TenantContext, "env" | "tenantId" | "tenant">): Promise<void> {
  if (!screensOnArrival(ctx)) return;
  try {
    await ctx.env.JOBS_QUEUE.send(jobs.monitoringScreen(ctx.tenantId));
  } catch (err) {
    console.error(
      JSON.stringify({ msg: "monitoring.screen not sent", tenantId: ctx.tenantId, error: String(err) }),
    );
  }
}

/** Statements a caller adds to an entity's own batch (a scheduled run's figures). */
export interface DrainTally {
  /** In the batch that stores the screening and removes the pending row. */
  screened(s: Screening): BatchItem<"sqlite">[];
  /** In the batch that dead-letters the entity, after the failure record. */
  deadLettered(): BatchItem<"sqlite">[];
}

export interface DrainOptions extends ScreenOptions {
  /** Only rows first seen before this instant (a scheduled run: what arrived before it began). */
  seenBefore?: string;
  tally?: DrainTally;
  /** Limits for tests and benches; defaults from domain/drain. */
  pageSize?: number;
  wallMs?: number;
  /** The screening of one entity (tests inject a failing one). */
  screen?: (ctx: TenantContext, entity: Entity, options: ScreenOptions) => Promise<Screening>;
}

export interface DrainFigures {
  screened: number;
  failed: number;
  deadLettered: number;
  alerts: number;
  casesOpened: number;
  casesAppended: number;
  pages: number;
  /** D1 queries this drain sent (the invocation allows 1,000). */
  queries: number;
  /** Run again (0: at once) while claimable or backing-off rows remain; null when none is left. */
  next: { delaySeconds: number } | null;
}

/** Runs `work` over the items, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Screens the tenant's pending entities in pages within one invocation's budget (D1 queries
 * counted, wall time): claim a page under a lease, screen a few at a time, store each outcome
 * with the pending row's removal in one batch. Reused by scheduled runs (trigger and runId).
 */
export async function drainPending(base: TenantContext, options: DrainOptions): Promise<DrainFigures> {
  const counting = countingContext(base);
  const ctx = counting.ctx;
  const screen = options.screen ?? screenEntity;
  const started = Date.now();
  const figures: DrainFigures = {
    screened: 0,
    failed: 0,
    deadLettered: 0,
    alerts: 0,
    casesOpened: 0,
    casesAppended: 0,
    pages: 0,
    queries: 0,
    next: null,
  };
  let worst = 0;
  let events = 0;
  for (;;) {
    const limit = nextPageSize(
      { queriesUsed: counting.queries(), elapsedMs: Date.now() - started, worstQueriesPerEntity: worst },
      { pageSize: options.pageSize ?? PAGE_SIZE, wallMs: options.wallMs ?? WALL_BUDGET_MS },
    );
    if (limit === 0) break;
    const now = ctx.clock.now();
    const token = crypto.randomUUID();
    const claimed = await repo.claimPage(ctx, {
      limit,
      token,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
      seenBefore: options.seenBefore,
    });
    if (claimed.length === 0) break;
    figures.pages++;
    const before = counting.queries();
    await eachLimited(claimed, SCREEN_CONCURRENCY, async (entity) => {
      try {
        const s = await screen(ctx, entity, options);
        const tally = options.tally?.screened(s) ?? [];
        await ctx.db.batch([
          ...s.statements,
          ...repo.finishStatements(ctx, entity, token),
          ...tally,
        ] as never);
        figures.screened++;
        figures.alerts += s.alerts;
        figures.casesOpened += s.casesOpened;
        figures.casesAppended += s.casesAppended;
        events += s.events;
      } catch (err) {
        const failure = afterFailure(entity.attempts, ctx.clock.now());
        figures.failed++;
        if (failure.deadLettered) figures.deadLettered++;
        const record = repo.recordFailure(ctx, entity, token, {
          attempts: failure.attempts,
          error: err instanceof Error ? err.message : String(err),
          retryAt: failure.retryAt?.toISOString() ?? null,
          failedAt: failure.deadLettered ? ctx.clock.now().toISOString() : null,
        });
        const tally = failure.deadLettered ? (options.tally?.deadLettered() ?? []) : [];
        if (tally.length > 0) await ctx.db.batch([record, ...tally] as never);
        else await record;
      }
    });
    worst = Math.max(worst, Math.ceil((counting.queries() - before) / claimed.length));
  }
  if (events > 0) await notifyOutbox(ctx);
  const now = ctx.clock.now();
  figures.next = followUp(await repo.queueState(ctx, now.toISOString(), options.seenBefore), now);
  figures.queries = counting.queries();
  return figures;
}

export async function monitoringStatus(ctx: TenantContext) {
  const f = await repo.statusFigures(ctx, ctx.clock.now().toISOString());
  return {
    pending: f.pending,
    oldestPendingSince: f.oldest,
    claimed: f.claimed,
    deadLettered: f.deadLettered,
    lastScreenedAt: f.lastScreenedAt,
    onArrival: screensOnArrival(ctx),
  };
}

export async function listDeadLetters(ctx: TenantContext, page: PageRequest) {
  return presentPage(await repo.listDeadLetters(ctx, page), presentDeadLetter);
}

/**
 * Puts dead-lettered entities (all, or the named ones) back in the queue, audited in the same
 * batch (only when a row changed), then sends a screen job. Answers how many were re-queued.
 */
export async function retryDeadLetters(ctx: TenantContext, entities: repo.PendingKey[] | undefined) {
  const [updated] = (await ctx.db.batch([
    repo.retryDeadLetters(ctx, entities).returning({ entityId: repo.pendingEntityId }),
    tenantAuditInsert(
      ctx,
      {
        action: "monitoring.dead_letters_retried",
        target: { type: "monitoring_dead_letters", id: ctx.tenantId },
        after: { entities: entities ?? "all" },
      },
      { onlyIfChanged: true },
    ),
  ])) as unknown as [unknown[]];
  if (updated.length > 0) await ctx.env.JOBS_QUEUE.send(jobs.monitoringScreen(ctx.tenantId));
  return { retried: updated.length };
}
