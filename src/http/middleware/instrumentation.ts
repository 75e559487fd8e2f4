import type { MiddlewareHandler } from "hono";
import { countingContext } from "../../db/counting-d1";
import type { AppEnv } from "../context";

/** Statements the request sent to D1 (its shard and CONTROL_DB) after authentication. */
export const D1_QUERIES_HEADER = "x-d1-queries";

/** `read;dur=12.3, write;dur=40` (the Server-Timing header's syntax). */
export const serverTiming = (phases: ReadonlyArray<readonly [string, number]>): string =>
  phases.map(([name, ms]) => `${name};dur=${Math.round(ms * 10) / 10}`).join(", ");

/**
 * Bench instrumentation, outside production only: the tenant context of the request gets D1
 * bindings that count their statements (reported as `x-d1-queries`) and a recorder of phase
 * timings (reported as `Server-Timing`). Handlers and services never ask which environment
 * they run in; neither header is part of the API contract (nor of openapi.json).
 */
export const instrumentation: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ctx = c.get("ctx");
  if (c.env.ENVIRONMENT === "production" || !ctx) return next();
  const counting = countingContext(ctx);
  const phases: Array<[string, number]> = [];
  c.set("ctx", { ...counting.ctx, instrumentation: { phase: (name, ms) => void phases.push([name, ms]) } });
  await next();
  c.res.headers.set(D1_QUERIES_HEADER, String(counting.queries()));
  if (phases.length) c.res.headers.set("server-timing", serverTiming(phases));
};
