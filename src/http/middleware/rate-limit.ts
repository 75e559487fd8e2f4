import type { Context, MiddlewareHandler } from "hono";
import type { KeyRateLimiter } from "../../durable-objects/rate-limiter";
import { AppError } from "../../lib/errors";
import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  RATE_LIMIT_WINDOW_SECONDS,
  type RateDecision,
} from "../../lib/rate-window";
import type { AppEnv } from "../context";
import { errorResponse } from "../errors";
import { mutableHeaders } from "./security-headers";

/** The window of the [[ratelimits]] bindings in wrangler.toml: a caller refused now may retry after it. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

function refuse(c: Context<AppEnv>, message: string): Response {
  const res = errorResponse(c, new AppError("rate_limited", message));
  res.headers.set("Retry-After", String(RATE_LIMIT_PERIOD_SECONDS));
  return res;
}

/** IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers, the three-field form). */
function setRateLimitHeaders(headers: Headers, d: RateDecision): void {
  headers.set("RateLimit-Limit", String(d.limit));
  headers.set("RateLimit-Remaining", String(d.remaining));
  headers.set("RateLimit-Reset", String(d.resetSeconds));
  headers.set("RateLimit-Policy", `${d.limit};w=${RATE_LIMIT_WINDOW_SECONDS}`);
}

/**
 * Per-API-key budget on /v1, after authentication (so the key, not the caller's address, is
 * what is counted): the key's own `rateLimitPerMinute` if the operator set one, else the
 * tenant's (operator-set, default 1,200), both read with the key at authentication, per key,
 * counted exactly by the key's KeyRateLimiter object. Every answer says what is left
 * (RateLimit-*); refusals are 429 `rate_limited` with Retry-After = seconds to the reset.
 */
export const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Typed here, not in env.ts: the object's module imports env.ts (no import cycle).
  const limiters = c.env.KEY_RATE_LIMITER as DurableObjectNamespace<KeyRateLimiter> | undefined;
  if (!limiters) return next();
  const limit =
    c.get("auth").rateLimitPerMinute ??
    c.get("ctx").tenant.settings.rateLimitPerMinute ??
    DEFAULT_RATE_LIMIT_PER_MINUTE;
  const decision = await limiters.get(limiters.idFromName(c.get("auth").keyId)).take(limit);
  if (!decision.allowed) {
    const res = errorResponse(
      c,
      new AppError(
        "rate_limited",
        `Too many requests for this API key (${limit} a minute); retry after ${decision.resetSeconds} s`,
      ),
    );
    setRateLimitHeaders(res.headers, decision);
    res.headers.set("Retry-After", String(decision.resetSeconds));
    return res;
  }
  await next();
  setRateLimitHeaders(mutableHeaders(c), decision);
};

/**
 * Per-client-address budget on /v1 and /admin, BEFORE any credential is looked up, so
 * unauthenticated traffic (fake keys, token guessing) is bounded before it reaches
 * CONTROL_DB. CF-Connecting-IP is set by Cloudflare's edge and cannot be forged by the
 * client; requests without it (service bindings, local tests) share one bucket.
 */
export const ipRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limiter = c.env.IP_RATE_LIMITER;
  if (limiter) {
    const address = c.req.header("cf-connecting-ip") ?? "no-client-address";
    const { success } = await limiter.limit({ key: `ip:${address}` });
    if (!success) {
      return refuse(
        c,
        `Too many requests from this client address; retry after ${RATE_LIMIT_PERIOD_SECONDS} s`,
      );
    }
  }
  await next();
};
