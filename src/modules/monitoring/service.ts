import type { BatchItem } from "drizzle-orm/batch";
import { countingContext } from "../../db/counting-d1";
import type { PageRequest } from "../../db/keyset";
import type { TenantContext } from "../../db/tenant-context";
import { jobs } from "../../jobs/messages";
import { eachLimited } from "../../lib/limited";
import { presentPage } from "../../lib/pagination";
import { yieldEvery, yieldToEventLoop } from "../../lib/yield";
import { tenantAuditInsert } from "../audit/service";
import { notifyOutbox } from "../events/service";
import {
  afterFailure,
  followUpSettling,
  LEASE_MS,
  nextPageSize,
  PAGE_SIZE,
  SCREEN_CONCURRENCY,
  type Settle,
  settleCut,
  settleFrom,
  WALL_BUDGET_MS,
} from "./domain/drain";
import { entityWeight, writeGroups } from "./domain/write-groups";
import { networkStatus } from "./network/service";
import { presentDeadLetter } from "./present";
import * as repo from "./repo";
import { type DeferredCase, screeningsUpsert } from "./screening/repo";
import { type Entity, type Screening, type ScreenOptions, WINDOW_DAYS } from "./screening/service";
import { screenCounterpartySanctions } from "./screening/steps/counterparty-sanctions";
import { claimFull, deferredClaim } from "./screening/steps/deferred";
import { settleClaimed, settleDeferred } from "./screening/steps/page";
import { type EntityPreload, preloadPoints, preloadsOf } from "./screening/steps/preload";
import { pageOutcomeStatements } from "./screening/steps/records";
import { ENTITIES_PER_SLICE, settleTogether } from "./screening/steps/settle";

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

/** What a batch of screenings found, summed (a page, or one entity when its page's batch failed). */
export interface ScreenedTally {
  screened: number;
  alerts: number;
  casesOpened: number;
  casesAppended: number;
}

/** Statements a caller adds to the batches that store screenings (a scheduled run's figures). */
export interface DrainTally {
  /** In the batch that stores the screenings and removes their pending rows. */
  screened(t: ScreenedTally): BatchItem<"sqlite">[];
  /** In the batch that dead-letters the entity, after the failure record. */
  deadLettered(): BatchItem<"sqlite">[];
}

export interface DrainOptions extends ScreenOptions {
  /** Only rows first seen before this instant (a scheduled run: what arrived before it began). */
  seenBefore?: string;
  /** The present the screenings are judged at (a lookback run's end); absent: now. */
  present?: string;
  tally?: DrainTally;
  /**
   * Wait for an entity's arrivals to settle before claiming it (domain/drain.ts): arrival drains
   * only; default from MONITORING_QUIET_SECONDS, else QUIET_MS; null: claim at once.
   */
  settle?: Settle | null;
  /** Limits for tests and benches; defaults from domain/drain. */
  pageSize?: number;
  wallMs?: number;
  /** A page's claim lease (LEASE_MS), renewed every third of it while the page works. */
  leaseMs?: number;
  /** The screening of one entity (tests inject a failing one). */
  screen?: (
    ctx: TenantContext,
    entity: Entity,
    options: ScreenOptions,
    pre?: EntityPreload,
  ) => Promise<Screening>;
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
  /** Hits whose case waits for another pending entity of their subject (stored, not yet opened). */
  casesDeferred: number;
  /** Run again (0: at once) while claimable or backing-off rows remain; null when none is left. */
  next: { delaySeconds: number } | null;
}

const tallyOf = (screenings: readonly Screening[]): ScreenedTally => ({
  screened: screenings.length,
  alerts: screenings.reduce((n, s) => n + s.alerts, 0),
  casesOpened: screenings.reduce((n, s) => n + s.casesOpened, 0),
  casesAppended: screenings.reduce((n, s) => n + s.casesAppended, 0),
});

/**
 * One claimed page: its reads at once (preloadPage), the entities screened a few at a time, then
 * batches of bounded weight storing the outcomes with the pending rows' removal. A failure fails
 * its entity only: a failed batch falls back to per-entity batches. Answers the events recorded.
 */
async function screenPage(
  ctx: TenantContext,
  page: repo.ClaimedEntity[],
  token: string,
  options: DrainOptions,
  figures: DrainFigures,
): Promise<{ events: number; deferredLeft: boolean }> {
  let events = 0;
  const fail = async (entity: repo.ClaimedEntity, err: unknown) => {
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
  };
  // Counterparty names against the sanctions lists (steps/counterparty-sanctions.ts).
  const claimed = await screenCounterpartySanctions(ctx, page, fail);
  if (claimed.length === 0) return { events: 0, deferredLeft: false };
  const at = { now: ctx.clock.now(), windowDays: WINDOW_DAYS, present: options.present ?? null };
  const pre = await preloadPoints(ctx, claimed, at).catch((err) => {
    // Each entity then reads for itself, and fails (and backs off) on its own.
    console.error(JSON.stringify({ msg: "monitoring page preload failed", error: String(err) }));
    return null;
  });
  const done: Array<{ entity: repo.ClaimedEntity; s: Screening }> = [];
  if (options.screen) {
    const screen = options.screen;
    const tick = yieldEvery(ENTITIES_PER_SLICE);
    await eachLimited(claimed, SCREEN_CONCURRENCY, async (entity) => {
      await tick();
      try {
        done.push({
          entity,
          s: await screen(ctx, entity, options, pre ? preloadsOf(pre, entity)[0] : undefined),
        });
      } catch (err) {
        await fail(entity, err);
      }
    });
  } else await settleTogether(ctx, claimed, options, pre, done, fail);
  // Deferred hits whose subjects' last pending entities this page screened (claimed in its batches).
  const claimedDeferred: DeferredCase[] = [];
  const stored = async (group: typeof done, finish: BatchItem<"sqlite">[], claim: boolean) => {
    const sum = tallyOf(group.map((d) => d.s));
    const results = await ctx.db.batch([
      ...pageOutcomeStatements(
        ctx,
        group.map((d) => d.s),
      ),
      ...group.flatMap((d) => d.s.statements),
      ...screeningsUpsert(
        ctx,
        group.map((d) => d.s.record),
      ),
      ...finish,
      ...(options.tally?.screened(sum) ?? []),
      // The page's last batch: last, after the pending rows' removal (steps/deferred.ts).
      ...(claim ? [deferredClaim(ctx)] : []),
    ] as never);
    if (claim) claimedDeferred.push(...((results as unknown[]).at(-1) as DeferredCase[]));
    figures.screened += sum.screened;
    figures.alerts += sum.alerts;
    figures.casesOpened += sum.casesOpened;
    figures.casesAppended += sum.casesAppended;
    figures.casesDeferred += group.reduce((n, d) => n + (d.s.casesDeferred ?? 0), 0);
    events += group.reduce((n, d) => n + d.s.events, 0);
  };
  // The page's outcomes in batches of bounded weight (domain/write-groups.ts), a yield between
  // them: each batch is whole for its entities (outcomes and their rows' removal together). If
  // one fails, each of its entities' own batch, so one bad row fails alone.
  const groups = writeGroups(done, (d) => entityWeight(d.s));
  for (const [i, group] of groups.entries()) {
    if (i > 0) await yieldToEventLoop();
    const last = i === groups.length - 1;
    await stored(
      group,
      [
        ...repo.finishPageStatements(
          ctx,
          group.map((d) => d.entity),
          token,
        ),
      ],
      last,
    ).catch((err) => {
      console.error(JSON.stringify({ msg: "monitoring page batch failed", error: String(err) }));
      return eachLimited(group, SCREEN_CONCURRENCY, (d) =>
        stored([d], [...repo.finishStatements(ctx, d.entity, token)], last).catch((e) => fail(d.entity, e)),
      );
    });
  }
  // Their cases opened, all their alerts in the opening batch. A failure leaves them claimed until
  // the lease lapses; a later page or drain settles them.
  const deferred = await settleClaimed(ctx, claimedDeferred).catch((err) => {
    console.error(JSON.stringify({ msg: "monitoring deferred cases failed", error: String(err) }));
    return { events: 0, opened: 0, appended: 0 };
  });
  figures.casesOpened += deferred.opened;
  figures.casesAppended += deferred.appended;
  events += deferred.events;
  // A claim is bounded (DEFERRED_SUBJECTS_PER_CLAIM): a full one may have left hits to claim.
  return { events, deferredLeft: claimFull(claimedDeferred) };
}

/**
 * Keeps a page's claim live while it works: renews the lease every third of it (as an
 * Idempotency-Key's claim is held), so a page never loses its rows to a second screener, and the
 * rows of a page whose process died lapse within one lease. Returns the stop. A failed renewal
 * is left to the next one.
 */
function holdPage(ctx: TenantContext, token: string, lease: number): () => void {
  const timer = setInterval(() => {
    const until = new Date(ctx.clock.now().getTime() + lease).toISOString();
    Promise.resolve(repo.renewPage(ctx, token, until)).catch(() => undefined);
  }, lease / 3);
  return () => clearInterval(timer);
}

/**
 * Screens the tenant's pending entities in pages within one invocation's budget (D1 queries
 * counted, wall time): claim a page under a lease, then screenPage. Reused by scheduled runs
 * (trigger and runId).
 */
export async function drainPending(base: TenantContext, options: DrainOptions): Promise<DrainFigures> {
  const counting = countingContext(base);
  const ctx = counting.ctx;
  const started = Date.now();
  const figures: DrainFigures = {
    screened: 0,
    failed: 0,
    deadLettered: 0,
    alerts: 0,
    casesOpened: 0,
    casesAppended: 0,
    casesDeferred: 0,
    pages: 0,
    queries: 0,
    next: null,
  };
  let worst = 0;
  let events = 0;
  let deferredLeft = false;
  // Runs and rescreens judge what arrived before they began: only arrival waits for arrivals to settle.
  const settle =
    options.trigger === "arrival" && !options.seenBefore
      ? options.settle === undefined
        ? settleFrom(ctx.env.MONITORING_QUIET_SECONDS)
        : options.settle
      : null;
  for (;;) {
    const limit = nextPageSize(
      {
        queriesUsed: counting.queries(),
        elapsedMs: Date.now() - started,
        worstQueriesPerEntity: worst,
        pagesDone: figures.pages,
      },
      { pageSize: options.pageSize ?? PAGE_SIZE, wallMs: options.wallMs ?? WALL_BUDGET_MS },
    );
    if (limit === 0) break;
    const now = ctx.clock.now();
    const token = crypto.randomUUID();
    const lease = options.leaseMs ?? LEASE_MS;
    const claimed = await repo.claimPage(ctx, {
      limit,
      token,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + lease).toISOString(),
      seenBefore: options.seenBefore,
      settle: settle ? settleCut(settle, now) : undefined,
    });
    if (claimed.length === 0) break;
    figures.pages++;
    const before = counting.queries();
    const release = holdPage(ctx, token, lease);
    try {
      const page = await screenPage(ctx, claimed, token, options, figures);
      events += page.events;
      deferredLeft ||= page.deferredLeft;
    } finally {
      release();
    }
    worst = Math.max(worst, Math.ceil((counting.queries() - before) / claimed.length));
  }
  // Hits deferred for a subject's entity that is no longer pending (dead-lettered, or two drains
  // each deferred for the other), or left by the last page's bounded claim: opened now, after a
  // drain that deferred or dead-lettered, found nothing to claim or whose last claim was full. A
  // failure leaves them to the next drain.
  if (figures.casesDeferred > 0 || figures.deadLettered > 0 || figures.pages === 0 || deferredLeft)
    events += await settleDeferred(ctx).then(
      (t) => {
        figures.casesOpened += t.opened;
        figures.casesAppended += t.appended;
        return t.events;
      },
      (err) => {
        console.error(JSON.stringify({ msg: "monitoring deferred cases failed", error: String(err) }));
        return 0;
      },
    );
  if (events > 0) await notifyOutbox(ctx);
  const now = ctx.clock.now();
  const cut = settle ? settleCut(settle, now) : undefined;
  const state = await repo.queueState(ctx, now.toISOString(), options.seenBefore, cut);
  figures.next = followUpSettling(state, settle, now);
  figures.queries = counting.queries();
  return figures;
}

export async function monitoringStatus(ctx: TenantContext) {
  const [f, network] = await Promise.all([
    repo.statusFigures(ctx, ctx.clock.now().toISOString()),
    networkStatus(ctx),
  ]);
  return {
    pending: f.pending,
    oldestPendingSince: f.oldest,
    claimed: f.claimed,
    deadLettered: f.deadLettered,
    lastScreenedAt: f.lastScreenedAt,
    onArrival: screensOnArrival(ctx),
    network,
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
