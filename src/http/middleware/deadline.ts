import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../../lib/errors";
import type { AppEnv } from "../context";
import { errorResponse } from "../errors";

/** Every request answers within this (docs/decisions/faults.md#a-deadline-per-request). */
export const DEFAULT_DEADLINE_MS = 30_000;
/** What a client waits before trying again after a deadline answer. */
export const DEADLINE_RETRY_AFTER_SECONDS = 5;

/** REQUEST_DEADLINE_MS when it is a positive integer (tests shrink it), else 30 s. */
export function deadlineMs(env: { REQUEST_DEADLINE_MS?: string } | undefined): number {
  const configured = Number(env?.REQUEST_DEADLINE_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_DEADLINE_MS;
}

/** The request's own execution context, absent under `app.request` in tests. */
function waitUntil(c: Context, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context: nothing to keep alive.
  }
}

/**
 * Right inside the request log: a request whose handler has not answered by the deadline answers
 * 503 `unavailable` with Retry-After, in the contract's envelope. The handler is not cut: it goes
 * on under waitUntil so a write it started finishes whole (D1 batches are atomic anyway), and a
 * retry with the same Idempotency-Key meets its stored answer or 409 `idempotency_key_in_use`.
 * A timer cannot fire while the isolate runs synchronous code: this bounds waits on I/O and
 * queues, not a CPU slice that holds the isolate (docs/decisions/faults.md).
 */
export const requestDeadline: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ms = deadlineMs(c.env);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work = next();
  const expired = new Promise<"expired">((resolve) => {
    timer = setTimeout(() => resolve("expired"), ms);
  });
  const first = await Promise.race([work.then(() => "answered" as const), expired]);
  clearTimeout(timer);
  if (first === "answered") return;
  waitUntil(
    c,
    work.catch(() => undefined),
  );
  console.error(
    JSON.stringify({ level: "error", msg: "request deadline", requestId: c.get("requestId"), ms }),
  );
  return errorResponse(
    c,
    new AppError(
      "unavailable",
      `The request did not finish within ${ms / 1000} s; retry after Retry-After seconds (with the same Idempotency-Key for a write)`,
      undefined,
      DEADLINE_RETRY_AFTER_SECONDS,
    ),
  );
};
