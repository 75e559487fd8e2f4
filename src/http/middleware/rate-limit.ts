import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../../lib/errors";
import type { AppEnv } from "../context";
import { errorResponse } from "../errors";

/** The window of the [[ratelimits]] bindings in wrangler.toml: a caller refused now may retry after it. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

function refuse(c: Context<AppEnv>, message: string): Response {
  const res = errorResponse(c, new AppError("rate_limited", message));
  res.headers.set("Retry-After", String(RATE_LIMIT_PERIOD_SECONDS));
  return res;
}

/**
 * Per-API-key budget on /v1, after authentication (so the key, not the caller's address, is
 * what is counted). Refusals are 429 `rate_limited` with Retry-After.
 */
export const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limiter = c.env.API_RATE_LIMITER;
  if (limiter) {
    const { success } = await limiter.limit({ key: c.get("auth").keyId });
    if (!success) {
      return refuse(c, `Too many requests for this API key; retry after ${RATE_LIMIT_PERIOD_SECONDS} s`);
    }
  }
  await next();
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
