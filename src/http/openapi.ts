import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { MAX_CURSOR_LENGTH } from "../lib/cursor";
import { MAX_OFFSET } from "../lib/pagination";
import type { OperatorScope, Scope } from "../lib/scopes";
import { ErrorBodySchema } from "./errors";
import {
  adminAuth,
  requireFeature,
  requireOperatorScope,
  requireScope,
  type TenantFeature,
} from "./middleware/auth";
import { operatorD1Session } from "./middleware/d1-session";
import { withBookmarkResponses } from "./read-replication-doc";
import { type HttpConventionOptions, httpConventions, KEY_IN_USE_RETRY_AFTER } from "./route-conventions";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 501 | 503;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: "Invalid input (one `details` entry per bad field), malformed JSON or a refused transition",
  401: "Missing, malformed, unknown, revoked or expired credentials",
  403: "The API key or operator token lacks the scope this operation needs (`x-required-scope`)",
  404: "Not found (another tenant's objects are indistinguishable from absent ones)",
  409: "Conflict with the current state",
  413: "Request body over 1 MiB (or over a per-operation record limit)",
  415: "Unsupported Content-Type",
  422: "`idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request",
  429: "Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds",
  500: "Internal error (no internals are returned)",
  501: "Not enabled for this tenant",
  503: "`unavailable`: the request did not finish within the 30 s deadline, or (a write) the tenant is being moved between databases and writes are paused for a few seconds; retry after Retry-After seconds, a write with the same Idempotency-Key",
};

const RETRY_AFTER = {
  "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer" as const } },
  "RateLimit-Limit": {
    description: "Per-key requests a minute (also on every authenticated /v1 answer)",
    schema: { type: "integer" as const },
  },
  "RateLimit-Remaining": {
    description: "Requests left in this window",
    schema: { type: "integer" as const },
  },
  "RateLimit-Reset": { description: "Seconds until the window resets", schema: { type: "integer" as const } },
};

export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): {
  [K in S[number]]: {
    description: string;
    content: { "application/json": { schema: typeof ErrorBodySchema } };
  };
} {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      {
        description: ERROR_DESCRIPTIONS[s],
        ...(s === 429 ? { headers: RETRY_AFTER } : {}),
        ...(s === 409 ? { headers: KEY_IN_USE_RETRY_AFTER } : {}),
        ...(s === 503 ? { headers: { "Retry-After": RETRY_AFTER["Retry-After"] } } : {}),
        content: { "application/json": { schema: ErrorBodySchema } },
      },
    ]),
  ) as never;
}

/**
 * 503 on every operation: the request deadline (src/http/deadline.ts), and on a /v1
 * write a moving tenant's write fence (src/http/middleware/write-fence.ts).
 */
const STANDARD_ERRORS = errorResponses(400, 401, 403, 404, 429, 500, 503);
const TENANT_ERRORS = errorResponses(400, 401, 403, 404, 429, 500, 503);
const BODY_ERRORS = errorResponses(413, 415);

type TenantRouteConfig = Omit<RouteConfig, "security" | "middleware"> &
  HttpConventionOptions & {
    scope: Scope;
    /** A tenant feature the operation needs: refused with 501 without it, and 501 is declared. */
    feature?: TenantFeature;
  };
const FEATURE_ERRORS = errorResponses(501);

/**
 * A /v1 operation: API-key security, the scope it needs (enforced by middleware and shown
 * in the document as `x-required-scope`), and the error responses every operation has.
 */
export function tenantRoute<const R extends TenantRouteConfig>(config: R) {
  const { scope, feature, readOnly, fresh, ...route } = config;
  const conventions = httpConventions(route, "tenant", readOnly, fresh);
  return createRoute({
    ...route,
    ...conventions.document,
    security: [{ ApiKeyAuth: [] }],
    middleware: [
      requireScope(scope),
      ...(feature ? [requireFeature(feature)] : []),
      ...conventions.middleware,
    ] as unknown as [ReturnType<typeof requireScope>],
    "x-required-scope": scope,
    responses: withBookmarkResponses({
      ...TENANT_ERRORS,
      ...(route.request?.body ? BODY_ERRORS : {}),
      ...(feature ? FEATURE_ERRORS : {}),
      ...conventions.responses,
      ...route.responses,
    }),
  } as Omit<R, "scope" | "feature" | "readOnly" | "fresh"> & {
    responses: R["responses"] & typeof TENANT_ERRORS;
  });
}

type AdminRouteConfig = Omit<RouteConfig, "security" | "middleware"> &
  HttpConventionOptions & {
    /** The operator scope it needs (ADMIN_TOKEN holds every one). */
    scope: OperatorScope;
  };

/**
 * An /admin operation: operator-token security and the operator scope it needs, enforced by
 * middleware and shown as `x-required-scope` like a tenant operation's.
 */
export function adminRoute<const R extends AdminRouteConfig>(config: R) {
  const { readOnly, fresh, scope, ...route } = config;
  const conventions = httpConventions(route, "operator", readOnly, fresh);
  return createRoute({
    ...route,
    ...conventions.document,
    tags: ["Admin"],
    security: [{ AdminAuth: [] }],
    // The operator token is checked on the primary, then CONTROL_DB is put in a session.
    middleware: [
      adminAuth,
      requireOperatorScope(scope),
      operatorD1Session,
      ...conventions.middleware,
    ] as unknown as readonly [typeof adminAuth],
    "x-required-scope": scope,
    responses: withBookmarkResponses({
      ...STANDARD_ERRORS,
      ...(route.request?.body ? BODY_ERRORS : {}),
      ...conventions.responses,
      ...route.responses,
    }),
  } as Omit<R, "readOnly" | "fresh" | "scope"> & { responses: R["responses"] & typeof STANDARD_ERRORS });
}

/**
 * A part of a route only the OpenAPI document reads, as a loader: a response's schema,
 * `async () => (await import("../responses")).X` (responses are not validated), or the value of
 * an `x-` extension. It is loaded when the document is built (src/http/openapi-document.ts puts
 * it in place), not when the isolate starts (docs/architecture.md#what-loads-lazily). Typed as
 * the value, so the handler's answer is checked against the schema; give it to nothing else.
 */
export const forDocument = <T>(load: () => Promise<T>): T => load as unknown as T;

/** JSON response helper for route definitions: the schema, or its loader (forDocument). */
export const jsonContent = <T extends z.ZodType>(schema: T | (() => Promise<T>), description: string) => ({
  description,
  content: {
    "application/json": { schema: typeof schema === "function" ? forDocument(schema) : schema },
  },
});

/** JSON request body, required so a missing Content-Type is refused rather than read as {}. */
export const jsonBody = <T extends z.ZodType>(schema: T, required = true) => ({
  required,
  content: { "application/json": { schema } },
});

// ---- shared schemas -------------------------------------------------------------------

/**
 * Caps of numeric inputs (docs/decisions/input-constraints.md): finite, far above any real
 * figure, and low enough that sums, ratios and minor units (x 100) stay exact doubles.
 */
export const MAX_AMOUNT = 1_000_000_000_000;
export const MAX_COUNT = 1_000_000_000;

/** A money figure given as a JSON number (major units): 0..1e12. */
export const AmountInput = z.number().min(0).max(MAX_AMOUNT).openapi({ description: "Major units, 0..1e12" });

/** A money figure given as a decimal string (major units, at most 2 fraction digits): 0..1e12. */
export const AmountDecimalInput = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'a decimal string >= 0 with at most 2 fraction digits, e.g. "1250.00"')
  .refine((v) => Number(v) <= MAX_AMOUNT, "at most 1000000000000")
  .openapi({ example: "1250.00" });

/** A count given as a JSON number: integer 0..1e9. */
export const CountInput = z.number().int().min(0).max(MAX_COUNT);

// Routes take both from here, beside the schemas; non-HTTP code imports src/lib/pagination.
export { MAX_OFFSET, pagination } from "../lib/pagination";

/** The opaque position of keyset pagination: `pagination.nextCursor` of the previous page. */
export const CursorQuery = z
  .string()
  .min(1)
  .max(MAX_CURSOR_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/)
  .optional()
  .openapi({
    description: "The previous page's nextCursor (opaque). Send the same filters; not with offset > 0.",
  });

/** The next page's cursor in a list response; null on the last page. */
export const NextCursor = z
  .string()
  .nullable()
  .openapi({ description: "Pass as `cursor` for the next page; null on the last page." });

export const PaginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50).openapi({ description: "1..500, default 50" }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_OFFSET)
    .default(0)
    .openapi({ description: "0..1e9, default 0" }),
  cursor: CursorQuery,
});

export const PaginationSchema = z
  .object({
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    hasMore: z.boolean(),
    nextCursor: NextCursor,
  })
  .openapi("Pagination");

/** The same fields at the top level, for the lists SPEC section 4 gives no `pagination` object. */
export const TopLevelPagination = {
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
  nextCursor: NextCursor,
};

/** "true"/"false" in a query string (z.coerce.boolean would read "false" as true). */
export const booleanQuery = (defaultValue: boolean) =>
  z
    .enum(["true", "false"])
    .default(defaultValue ? "true" : "false")
    .transform((v) => v === "true");

const uuidParams = new Map<string, z.ZodUUID>();

/** A uuid path parameter; one schema per name, shared by every route that has it. */
export function uuidParam(name: string): z.ZodUUID {
  let param = uuidParams.get(name);
  if (!param) {
    param = z
      .uuid()
      .openapi({ param: { name, in: "path" }, example: "7f3c9a52-1d2e-4b6a-9c1f-2a3b4c5d6e7f" });
    uuidParams.set(name, param);
  }
  return param;
}

export const IsoDateTime = z.iso.datetime({ offset: true }).openapi({ example: "2026-01-31T00:00:00.000Z" });

/** The API key a hash-chained case log entry was written under (fraud events, AML history). */
export const actorKeyIdField = (keyless: string, entries: string) =>
  z
    .string()
    .nullable()
    .openapi({
      description:
        "Id of the API key that authenticated the write (inside the hashed content); null when " +
        `no key was involved (${keyless}) and on ${entries} written before it was recorded`,
    });

export const Money = z
  .string()
  .openapi({ example: "1250.00", description: "Decimal string, 2 fraction digits" });

export const SuccessTrue = z.literal(true);

const Null = z.null();

/**
 * `schema` or null. Not `.nullable()` on a named schema: the generator would mark the
 * component itself nullable and leave the field a bare $ref (src/http/openapi-document.ts).
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, Null]);
