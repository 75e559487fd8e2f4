/**
 * Pure decisions of the pending-entity drain (docs/methodology/monitoring.md#failure-and-retry):
 * how many entities the next page may claim within one invocation's D1 and wall-time budget,
 * what a failure does to an entity, and when the job should look again.
 */

/** D1 allows 1,000 queries per Worker invocation. */
export const D1_QUERY_LIMIT = 1_000;
/** Kept free for the last page's writes, failure records, the queue look and the outbox notice. */
export const QUERY_HEADROOM = 100;
/** Entities claimed per page (claimed together, screened a few at a time). */
export const PAGE_SIZE = 25;
/** Entities screened at once within a page. */
export const SCREEN_CONCURRENCY = 4;
/** Wall time one invocation spends before it hands over to a new message. */
export const WALL_BUDGET_MS = 20_000;
/**
 * A page's claim lease. The page renews it every third of it while it works (service.ts), so a
 * live screener keeps its rows however long the page takes, and the rows of a page whose process
 * died are claimable again within one lease (docs/decisions/faults.md#the-process-killed).
 */
export const LEASE_MS = 30_000;
/** Attempts before an entity is dead-lettered (failed_at set). */
export const MAX_ATTEMPTS = 5;
/** First retry delay after a failure; doubled per attempt. */
export const RETRY_BASE_MS = 30_000;
/** Queries one screening is assumed to cost before any has been measured. */
export const INITIAL_QUERIES_PER_ENTITY = 20;
/** Fixed queries of one page: the claim. */
export const PAGE_OVERHEAD_QUERIES = 1;

export interface Budget {
  /** D1 queries this invocation has sent so far. */
  queriesUsed: number;
  /** Wall time since the invocation started. */
  elapsedMs: number;
  /** The most queries one screening has cost so far in this invocation (0: none measured). */
  worstQueriesPerEntity: number;
  /** Pages screened so far in this invocation. */
  pagesDone: number;
}

/**
 * Entities the next page may claim: as many as fit under the query limit less the headroom,
 * at the worst cost seen so far per entity (or the initial estimate); 0 once time is up after a
 * page: the wall budget stops a drain after work, never before its first page (a clock that ran
 * on between the start and the first check left a one-page drain with none).
 *
 * After the first page, a drain whose next page no longer fits whole hands over (0: the job sends
 * itself again, a new invocation with the whole budget) instead of claiming a smaller page: a
 * page's reads are mostly fixed (claim, sanctions, peers, the preload, the deferral), so pages
 * that shrank to what was left (25 down to 1 over the last ~500 queries) paid them for a few
 * screenings each (docs/methodology/typologies.md#costs).
 */
export function nextPageSize(
  budget: Budget,
  limits = { pageSize: PAGE_SIZE, wallMs: WALL_BUDGET_MS },
): number {
  if (budget.pagesDone > 0 && budget.elapsedMs >= limits.wallMs) return 0;
  const perEntity = Math.max(budget.worstQueriesPerEntity, INITIAL_QUERIES_PER_ENTITY);
  const free = D1_QUERY_LIMIT - QUERY_HEADROOM - budget.queriesUsed - PAGE_OVERHEAD_QUERIES;
  const fits = Math.max(0, Math.min(limits.pageSize, Math.floor(free / perEntity)));
  return budget.pagesDone > 0 && fits < limits.pageSize ? 0 : fits;
}

export interface FailureOutcome {
  attempts: number;
  /** Dead-lettered: never claimed again until a new arrival or a retry request. */
  deadLettered: boolean;
  /** Not claimed before this time (absent when dead-lettered). */
  retryAt: Date | null;
}

/** What one more failed attempt does: back off (30 s, 60 s, 120 s, 240 s), then dead-letter. */
export function afterFailure(previousAttempts: number, now: Date): FailureOutcome {
  const attempts = previousAttempts + 1;
  if (attempts >= MAX_ATTEMPTS) return { attempts, deadLettered: true, retryAt: null };
  return {
    attempts,
    deadLettered: false,
    retryAt: new Date(now.getTime() + RETRY_BASE_MS * 2 ** (attempts - 1)),
  };
}

/**
 * Arrival screening waits for an entity's arrivals to settle (docs/methodology/monitoring.md#arrival-order):
 * a pending row is claimed once nothing arrived for it for `quietMs`, or once it has waited
 * `maxWaitMs` since its first arrival (an entity that never stops receiving is still screened).
 * Rows that arrive together are then judged together, whatever order they arrive in.
 */
export const QUIET_MS = 2_000;
export const MAX_WAIT_MS = 30_000;

export interface Settle {
  quietMs: number;
  maxWaitMs: number;
}

/** The quiet period set by the environment (seconds; tests set 0), else the default. */
export function settleFrom(seconds: string | undefined): Settle | null {
  const set = seconds === undefined || seconds === "" ? Number.NaN : Number(seconds);
  const quietMs = Number.isFinite(set) && set >= 0 ? set * 1000 : QUIET_MS;
  return quietMs === 0 ? null : { quietMs, maxWaitMs: Math.max(MAX_WAIT_MS, quietMs) };
}

/** The claim's cut-offs at `now`: rows whose last arrival is before `settledBefore`, or first before `waitedBefore`. */
export const settleCut = (settle: Settle, now: Date) => ({
  settledBefore: new Date(now.getTime() - settle.quietMs).toISOString(),
  waitedBefore: new Date(now.getTime() - settle.maxWaitMs).toISOString(),
});

/**
 * When the earliest unsettled row becomes claimable: its last arrival plus the quiet period, or
 * its first plus the longest wait, whichever comes first (over rows: the minimum of the two minima).
 */
export function settledAt(settle: Settle, lastSeen: string | null, firstSeen: string | null): string | null {
  if (lastSeen === null || firstSeen === null) return null;
  return new Date(
    Math.min(Date.parse(lastSeen) + settle.quietMs, Date.parse(firstSeen) + settle.maxWaitMs),
  ).toISOString();
}

export interface QueueState {
  /** Rows claimable now (not dead-lettered, no live lease or back-off). */
  ready: number;
  /** The earliest time a leased or backing-off row becomes claimable; null when none waits. */
  nextAt: string | null;
}

/**
 * After an invocation: run again now (ready rows remain), later (only rows under a lease or a
 * back-off remain: delay in whole seconds, at least 1), or not at all.
 */
export function followUp(state: QueueState, now: Date): { delaySeconds: number } | null {
  if (state.ready > 0) return { delaySeconds: 0 };
  if (state.nextAt === null) return null;
  const wait = Math.ceil((Date.parse(state.nextAt) - now.getTime()) / 1000);
  return { delaySeconds: Math.max(1, wait) };
}

/** What the queue holds after a drain, with the rows that wait for their arrivals to settle. */
export interface SettlingState extends QueueState {
  /** The earliest last and first arrival of rows free of any lease (arrival screening only). */
  unsettledLast: string | null;
  unsettledFirst: string | null;
}

/** followUp, also waking for the first row to settle when only unsettled rows remain. */
export function followUpSettling(
  state: SettlingState,
  settle: Settle | null,
  now: Date,
): { delaySeconds: number } | null {
  const settling =
    settle && state.ready === 0 ? settledAt(settle, state.unsettledLast, state.unsettledFirst) : null;
  const nextAt = [state.nextAt, settling].filter((x): x is string => x !== null).sort()[0] ?? null;
  return followUp({ ready: state.ready, nextAt }, now);
}
