/**
 * Retry schedule and response classification (docs/contract.md#retries-and-the-circuit-breaker): after a failed
 * attempt the next comes 1 min, 5 min, 30 min, 2 h, 6 h later; six attempts in all (the
 * last one 8 h 36 min after the first, inside the 24 h window); then the delivery is dead.
 */

export const DEFAULT_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21600] as const;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Retries happen within 24 hours of the delivery's creation (breaker deferrals included). */
export const RETRY_WINDOW_SECONDS = 86_400;

export type DeliveryStatus = "pending" | "succeeded" | "retrying" | "dead";
export const DELIVERY_STATUSES = ["pending", "succeeded", "retrying", "dead"] as const;

/** Attempts in all: the first plus one per retry delay. */
export const maxAttempts = (delays: readonly number[]): number => delays.length + 1;

/**
 * Seconds until the next attempt after `attemptsMade` failed attempts, or null when the
 * delivery is out of attempts (dead).
 */
export function nextRetryDelay(attemptsMade: number, delays: readonly number[]): number | null {
  if (attemptsMade < 1) return 0;
  return attemptsMade <= delays.length ? delays[attemptsMade - 1] : null;
}

/** A delivery still unfinished this long after creation is dead, however it was deferred. */
export const retryWindowExpired = (createdAt: Date, now: Date): boolean =>
  now.getTime() - createdAt.getTime() > RETRY_WINDOW_SECONDS * 1000;

/**
 * An injected schedule ("1,1,1,1,1", seconds) for local proofs and tests; anything that is
 * not a non-empty list of positive integers falls back to the default.
 */
export function parseRetrySchedule(text: string | undefined): readonly number[] {
  if (!text) return DEFAULT_RETRY_DELAYS_SECONDS;
  const parts = text.split(",").map((p) => Number(p.trim()));
  const valid = parts.length > 0 && parts.every((n) => Number.isInteger(n) && n > 0 && n <= 43_200);
  return valid ? parts : DEFAULT_RETRY_DELAYS_SECONDS;
}

/** What one attempt came to: a response status, or an error (timeout, refused connection). */
export type AttemptResult = { status: number } | { error: string };

export type Verdict = "succeeded" | "disable" | "retry";

/**
 * 2xx succeeds; 410 Gone disables the subscription; everything else (3xx since redirects are
 * not followed, 4xx, 429, 5xx, timeouts, network errors) is a failed attempt to retry.
 */
export function classifyAttempt(result: AttemptResult): Verdict {
  if ("error" in result) return "retry";
  if (result.status >= 200 && result.status < 300) return "succeeded";
  if (result.status === 410) return "disable";
  return "retry";
}

export interface AttemptPlan {
  status: DeliveryStatus;
  /** When the next attempt is due (retrying only). */
  nextAttemptAt: Date | null;
  disableSubscription: boolean;
}

/** The delivery's state after attempt number `attemptNumber` (1-based) came to `result`. */
export function planAfterAttempt(
  attemptNumber: number,
  result: AttemptResult,
  now: Date,
  delays: readonly number[],
): AttemptPlan {
  const verdict = classifyAttempt(result);
  if (verdict === "succeeded")
    return { status: "succeeded", nextAttemptAt: null, disableSubscription: false };
  if (verdict === "disable") return { status: "dead", nextAttemptAt: null, disableSubscription: true };
  const delay = nextRetryDelay(attemptNumber, delays);
  if (delay === null) return { status: "dead", nextAttemptAt: null, disableSubscription: false };
  return {
    status: "retrying",
    nextAttemptAt: new Date(now.getTime() + delay * 1000),
    disableSubscription: false,
  };
}
