import type { MiddlewareHandler } from "hono";
import { fenceSecondsLeft, tenantFenced } from "../../db/tenant-context";
import type { AppEnv } from "../context";

/** Retry-After never asks for more than this: a fence usually lifts in seconds, its deadline is a safety net. */
const MAX_RETRY_AFTER_SECONDS = 5;

/**
 * /v1 after authentication: while a move fences the tenant (docs/decisions/tenant-moves.md),
 * anything but a read answers 503 `unavailable` with Retry-After. The fence is a column of the
 * tenant row the key lookup already read (cached with the key for at most 5 s), so it costs
 * no query; the move waits out that cache before its final pass.
 */
export const writeFence: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ctx = c.get("ctx");
  const method = c.req.method;
  if (!ctx || method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
  const left = fenceSecondsLeft(ctx.tenant, ctx.clock.now());
  if (left > 0) throw tenantFenced(Math.min(left, MAX_RETRY_AFTER_SECONDS));
  await next();
};
