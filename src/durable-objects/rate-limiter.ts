import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { FixedWindow, type RateDecision } from "../lib/rate-window";

/**
 * One object per API key (`idFromName(keyId)`): the key's fixed-window counter, so every
 * request of the key, wherever it lands, sees one exact count for the RateLimit-* headers.
 * The count lives in memory: an object evicted after idleness starts a fresh window, which can
 * only favour a client that was idle (docs/decisions/http-conventions.md#rate-limits).
 */
export class KeyRateLimiter extends DurableObject<Env> {
  private readonly window = new FixedWindow();

  take(limit: number): RateDecision {
    return this.window.take(limit, Date.now());
  }
}
