import { type RouteConfig, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { IDEMPOTENCY_KEY_PATTERN } from "../modules/idempotency/domain/keys";
import type { AppEnv } from "./context";
import { ErrorBodySchema } from "./errors";
import { BOOKMARK_HEADER, freshRead } from "./middleware/d1-session";
import { IDEMPOTENCY_HEADER, idempotency } from "./middleware/idempotency";
import { BookmarkHeader, withReplicationDocument } from "./read-replication-doc";

// What tenantRoute/adminRoute add by method, so no operation file repeats it
// (docs/decisions/http-conventions.md): Idempotency-Key on POSTs, If-None-Match/304 on GETs.

export interface HttpConventionOptions {
  /**
   * A POST that creates, starts and stores nothing (an evaluation, a simulation, a query):
   * no Idempotency-Key. Shown as `x-read-only: true`; the OpenAPI walk test
   * (test/http/idempotency-document.test.ts) refuses a POST with neither.
   */
  readOnly?: true;
  /**
   * A GET whose answer must not come from a lagging replica (docs/decisions/read-replication.md):
   * its D1 session starts at the primary. Shown as `x-d1-session: first-primary` and in the description.
   */
  fresh?: true;
}

/** On 409 `idempotency_key_in_use` only (src/modules/idempotency/service.ts). */
export const KEY_IN_USE_RETRY_AFTER = {
  "Retry-After": {
    description: "On `idempotency_key_in_use` only: seconds to wait before retrying with the same key",
    schema: { type: "integer" as const },
  },
};

const errorBody = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorBodySchema } },
});

const IdempotencyHeader = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN)
  .optional()
  .openapi({
    param: { name: IDEMPOTENCY_HEADER, in: "header" },
    description:
      "Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, " +
      "Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key " +
      "with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 " +
      "`idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator).",
    example: "4d1f6a7e-9b2c-4e8a-8f3d-2c1b0a9e8d7c",
  });

const IfNoneMatchHeader = z
  .string()
  .max(1024)
  .optional()
  .openapi({
    param: { name: "If-None-Match", in: "header" },
    description: "An ETag from an earlier answer: 304 with no body when the representation is unchanged",
  });

const NOT_MODIFIED = {
  304: {
    description: "Not modified: the If-None-Match ETag is current (no body)",
    headers: { ETag: { description: "The representation's ETag", schema: { type: "string" as const } } },
  },
};

/**
 * Routes that declare no headers of their own share one headers object per set of added
 * headers (four sets across ~200 operations) instead of holding a zod object each for the
 * same fields. Each header name always comes with the same schema (the constants above).
 */
const sharedHeaders = new Map<string, z.ZodObject>();

/** A route's request headers with more (kept a zod object so the validator still runs). */
function withHeaders(route: RouteConfig, added: Record<string, z.ZodType>) {
  const existing = route.request?.headers;
  if (existing instanceof z.ZodObject)
    return { request: { ...route.request, headers: existing.extend(added) } };
  const key = Object.keys(added).join(",");
  let headers = sharedHeaders.get(key);
  if (!headers) {
    headers = z.object(added);
    sharedHeaders.set(key, headers);
  }
  return { request: { ...route.request, headers } };
}

interface Conventions {
  /** Spread into the route: request headers, or the x-read-only extension. */
  document: Record<string, unknown>;
  middleware: MiddlewareHandler<AppEnv>[];
  /** Declared statuses (typed as none: handlers never return them, the middleware does). */
  responses: Record<never, never>;
}

interface MethodConventions extends Conventions {
  /** Request headers the method adds, in the document's order. */
  headers: Record<string, z.ZodType>;
}

/** Every operation: by method (below), plus x-d1-bookmark in and out and its session's start. */
export function httpConventions(
  route: RouteConfig,
  audience: "tenant" | "operator",
  readOnly?: true,
  fresh?: true,
): Conventions {
  const byMethod = methodConventions(route, audience, readOnly);
  const primary = route.method !== "get" || fresh === true;
  return {
    document: {
      ...byMethod.document,
      ...withHeaders(route, { ...byMethod.headers, [BOOKMARK_HEADER]: BookmarkHeader }),
      ...withReplicationDocument(route, primary),
    },
    middleware: fresh ? [freshRead, ...byMethod.middleware] : byMethod.middleware,
    responses: byMethod.responses,
  };
}

function methodConventions(
  route: RouteConfig,
  audience: "tenant" | "operator",
  readOnly?: true,
): MethodConventions {
  if (route.method === "post" && !readOnly) {
    return {
      document: {},
      headers: { [IDEMPOTENCY_HEADER]: IdempotencyHeader },
      middleware: [idempotency(audience)],
      responses: {
        409: {
          ...errorBody(
            "Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (with Retry-After)",
          ),
          headers: KEY_IN_USE_RETRY_AFTER,
        },
        422: errorBody(
          "`idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request",
        ),
      },
    };
  }
  if (route.method === "post")
    return { document: { "x-read-only": true }, headers: {}, middleware: [], responses: {} };
  if (route.method === "get" && audience === "tenant") {
    return {
      document: {},
      headers: { "If-None-Match": IfNoneMatchHeader },
      middleware: [],
      responses: NOT_MODIFIED,
    };
  }
  return { document: {}, headers: {}, middleware: [], responses: {} };
}
