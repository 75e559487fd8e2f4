import { Hono } from "hono";
import type { Env } from "../env";
import { AppError } from "../lib/errors";
import type { AppEnv } from "./context";
import { errorResponse } from "./errors";
import { INBOUND_REQUEST_ID } from "./middleware/request-context";
import { securityHeaders } from "./middleware/security-headers";

/** Every request answers within this (docs/decisions/faults.md#a-deadline-per-request). */
export const DEFAULT_DEADLINE_MS = 30_000;
/** What a client waits before trying again after a deadline answer. */
export const DEADLINE_RETRY_AFTER_SECONDS = 5;

/** REQUEST_DEADLINE_MS when it is a positive integer (tests shrink it), else 30 s. */
export function deadlineMs(env: { REQUEST_DEADLINE_MS?: string } | undefined): number {
  const configured = Number(env?.REQUEST_DEADLINE_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_DEADLINE_MS;
}

/** The 503 itself: the error envelope and security headers of every answer, its request id. */
const deadlineAnswer = new Hono<AppEnv>().use("*", securityHeaders).all("*", (c) => {
  const requestId = c.req.header("x-request-id") ?? "";
  c.set("requestId", requestId);
  c.header("x-request-id", requestId);
  const ms = deadlineMs(c.env);
  return errorResponse(
    c,
    new AppError(
      "unavailable",
      `The request did not finish within ${ms / 1000} s; retry after Retry-After seconds (with the same Idempotency-Key for a write)`,
      undefined,
      DEADLINE_RETRY_AFTER_SECONDS,
    ),
  );
});

type Fetch = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

/**
 * The Worker's fetch entry, answered within the deadline: a request still running then is answered
 * 503 `unavailable` with Retry-After, in the contract's envelope. Outside the app, so the app's own
 * answer is untouched: the handler goes on under waitUntil, a write it started finishes whole, and
 * its answer is what Idempotency-Key stores (a retry with the key meets it, or 409
 * `idempotency_key_in_use` while it runs). The request id is fixed here, so the 503 and the
 * request's own log line share it. A timer cannot fire while the isolate runs synchronous code:
 * this bounds waits on I/O and queues, not a CPU slice that holds the isolate.
 */
export function withDeadline(fetch: Fetch): Fetch {
  return async (request, env, ctx) => {
    const inbound = request.headers.get("x-request-id");
    let tagged = request;
    if (!inbound || !INBOUND_REQUEST_ID.test(inbound)) {
      const headers = new Headers(request.headers);
      headers.set("x-request-id", crypto.randomUUID());
      tagged = new Request(request, { headers });
    }
    const ms = deadlineMs(env);
    const work = Promise.resolve(fetch(tagged, env, ctx));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms);
    });
    const answer = await Promise.race([work, expired]);
    clearTimeout(timer);
    if (answer) return answer;
    ctx.waitUntil(work.catch(() => undefined));
    const requestId = tagged.headers.get("x-request-id") ?? "";
    console.error(JSON.stringify({ level: "error", msg: "request deadline", requestId, ms }));
    return deadlineAnswer.fetch(
      new Request(tagged.url, { headers: { "x-request-id": requestId } }),
      env,
      ctx,
    );
  };
}
