import type { Env } from "../../../env";

/** A tenant move's settings (docs/decisions/tenant-moves.md), read from the environment. */
export interface MoveConfig {
  /** The write fence's deadline from each time it is set or extended: a crashed move's fence lifts by then. */
  fenceSeconds: number;
  /**
   * How long cached tenant rows (5 s per isolate) may still show the old fence or shard: the fence
   * is announced this far ahead, and the old copy is deleted this long after the switch.
   */
  settleSeconds: number;
  /** After the fence starts, how long requests that passed the check just before may still be writing. */
  drainSeconds: number;
  /** Rows per compared page (each side's page is one statement). */
  pageRows: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n >= 0 ? n : fallback;
};

export function moveConfig(env: Env): MoveConfig {
  const settleSeconds = positive(env.TENANT_MOVE_SETTLE_SECONDS, 6);
  return {
    fenceSeconds: Math.max(1, positive(env.TENANT_MOVE_FENCE_SECONDS, 60)),
    settleSeconds,
    drainSeconds: Math.min(2, settleSeconds),
    pageRows: Math.min(2_000, Math.max(10, positive(env.TENANT_MOVE_PAGE_ROWS, 500))),
  };
}

/**
 * D1 statements one message may send (an invocation allows 1,000; the rest is left to the other
 * messages of its batch), and the wall time it works before it saves and continues in the next.
 * One message runs several units while the budget lasts, so steps do not wait on queue hops.
 */
export const STATEMENTS_PER_MESSAGE = 600;

/** What is left of a message's budget; units spend it and stop when it runs out. */
export interface MoveBudget {
  statements: number;
  deadline: number;
}
export const messageBudget = (env: Env): MoveBudget => ({
  statements: STATEMENTS_PER_MESSAGE,
  deadline: Date.now() + 1000 * Math.min(60, Math.max(1, positive(env.TENANT_MOVE_MESSAGE_SECONDS, 20))),
});
export const budgetLeft = (b: MoveBudget) => b.statements > 10 && Date.now() < b.deadline;
/** Catch-up passes end when one changes at most this many rows (or after MAX_CATCH_UP_ROUNDS). */
export const CATCH_UP_SMALL_ENOUGH = 1_000;
export const MAX_CATCH_UP_ROUNDS = 5;
/** Fenced rounds before a move gives the fence up and catches up again: round 1 checks the logged changes (and should verify), 2-4 are full passes. */
export const MAX_FENCED_ROUNDS = 4;
/**
 * Consecutive failed attempts of one unit before a move that has not switched gives up and rolls
 * back. Above the jobs queue's 6 deliveries of a message, so a unit fails only after its message
 * was dead-lettered and the minute cron resumed it (5 minutes later): a blip does not fail a move.
 */
export const MAX_UNIT_FAILURES = 10;
