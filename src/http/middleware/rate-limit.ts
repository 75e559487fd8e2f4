import type { MiddlewareHandler } from "hono";
import { AppError } from "../../lib/errors";
import type { AppEnv } from "../context";
import { errorResponse } from "../errors";

/** The window of the [[ratelimits]] binding in wrangler.toml: a caller refused now may retry after it. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

/**
 * Per-API-key budget on /v1, after authentication (so the key, not the caller's address, is
 * what is counted). Refusals are 429 `rate_limited` with Retry-After.
 */
export const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limiter = c.env.API_RATE_LIMITER;
  if (limiter) {
    const { success } = await limiter.limit({ key: c.get("auth").keyId });
    if (!success) {
      const res = errorResponse(
        c,
        new AppError(
          "rate_limited",
          `Too many requests for this API key; retry after ${RATE_LIMIT_PERIOD_SECONDS} s`,
        ),
      );
      res.headers.set("Retry-After", String(RATE_LIMIT_PERIOD_SECONDS));
      return res;
    }
  }
  await next();
};
