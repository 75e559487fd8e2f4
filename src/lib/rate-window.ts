/** Per-API-key budget when the tenant sets none (docs/contract.md#rate-limits). */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 1200;
/** The window of the per-key budget: fixed, aligned to the clock minute. */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in this window after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until the window resets (1..60). */
  resetSeconds: number;
}

/**
 * One fixed-window counter (pure, so it is unit-tested in Node; the Durable Object holds one per
 * key). A refused request does not count, so a client that waits for the reset gets the full budget.
 */
export class FixedWindow {
  private windowStart = 0;
  private used = 0;

  take(limit: number, nowMs: number, windowSeconds = RATE_LIMIT_WINDOW_SECONDS): RateDecision {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(nowMs / windowMs) * windowMs;
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.used = 0;
    }
    const resetSeconds = Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000));
    if (this.used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    this.used++;
    return { allowed: true, limit, remaining: limit - this.used, resetSeconds };
  }
}
