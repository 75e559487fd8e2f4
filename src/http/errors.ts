import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { AppError, type ErrorCode, zodDetails } from "../lib/errors";
import { forbiddenKeyPath } from "../lib/json-guard";

/** The only place that knows which HTTP status an error code becomes. */
export const STATUS_BY_CODE: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  invalid_transition: 400,
  unauthorized: 401,
  forbidden: 403,
  second_approver_required: 409,
  second_actor_required: 409,
  storage_quota_exceeded: 403,
  not_found: 404,
  conflict: 409,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  unavailable: 503,
};

/**
 * Maker-checker refusals: the request is allowed to the key, but the state asks for another
 * approver or actor. They answer the contract's state conflict (409 `conflict`; 403 stays for a
 * key without the scope) with a `details` entry carrying the specific code and what it names.
 */
const CONFLICT_DETAILS: Partial<Record<ErrorCode, { path: string; message: string }>> = {
  second_approver_required: {
    path: "Authorization",
    message: "This key edited the draft, or would change what runs alone: another key must publish",
  },
  second_actor_required: { path: "actorId", message: "The actor who requested the close cannot confirm it" },
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "idempotency_key_reused",
  429: "rate_limited",
  501: "not_implemented",
  503: "unavailable",
};

export const ErrorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().openapi({ example: "bad_request" }),
      message: z.string(),
      details: z
        .array(
          z.object({
            path: z.string(),
            message: z.string(),
            code: z.string().optional().openapi({
              description:
                "A specific reason within the error's code: `second_approver_required` or `second_actor_required` on a 409 `conflict` (maker-checker)",
              example: "second_actor_required",
            }),
          }),
        )
        .optional(),
    }),
    requestId: z.string(),
  })
  .openapi("Error");

export function errorResponse(c: Context, error: AppError): Response {
  const status = STATUS_BY_CODE[error.code];
  const specific = CONFLICT_DETAILS[error.code];
  const code = specific ? "conflict" : error.code;
  const details = specific ? [{ ...specific, code: error.code }, ...(error.details ?? [])] : error.details;
  if (error.code === "unauthorized") c.header("WWW-Authenticate", 'Bearer realm="api"');
  if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
  return c.json(
    {
      success: false as const,
      error: {
        code,
        message: error.message,
        ...(details?.length ? { details } : {}),
      },
      requestId: c.get("requestId") ?? "",
    },
    status,
  );
}

/** Maps anything thrown to the error envelope; internals never reach the client. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    const code = CODE_BY_STATUS[err.status] ?? "internal";
    const message =
      err.status === 415
        ? "Unsupported Content-Type: send application/json"
        : err.status === 400 && /json/i.test(err.message)
          ? "Malformed JSON in request body"
          : err.message || code;
    return new AppError(code, message);
  }
  return new AppError("internal", "Internal server error");
}

export function onError(err: unknown, c: Context): Response {
  const appError = toAppError(err);
  if (appError.code === "internal") {
    console.error(
      JSON.stringify({
        level: "error",
        requestId: c.get("requestId"),
        message: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      }),
    );
  }
  return errorResponse(c, appError);
}

/** A 400 naming the path of a key that could reach a prototype (`__proto__`, `constructor`, `prototype`). */
export function forbiddenKeyError(path: string): AppError {
  const key = path.slice(path.lastIndexOf(".") + 1);
  return new AppError("bad_request", "Invalid request", [
    { path, message: `the key "${key}" is not allowed anywhere in input` },
  ]);
}

/** Words that must appear in the body text for a forbidden key to be there (`\\u` covers escaped spellings). */
const SUSPECT = /__proto__|constructor|prototype|\\u/;

/**
 * The parsed body as sent (zod's output has already dropped or absorbed such keys); Hono
 * caches the text, so this parses again only when the text could hold a forbidden key.
 */
async function forbiddenKeyInBody(c: Context): Promise<string | null> {
  if (!SUSPECT.test(await c.req.text())) return null;
  return forbiddenKeyPath(await c.req.json());
}

/**
 * defaultHook of OpenAPIHono: validation failures use the same envelope. It also sees every
 * parsed JSON body first (success or not), so forbidden keys are refused here, once, for all routes.
 */
export async function validationHook(
  result: { success: boolean; error?: ZodError; target?: string },
  c: Context,
): Promise<Response | undefined> {
  if (result.target === "json") {
    const path = await forbiddenKeyInBody(c);
    if (path !== null) return errorResponse(c, forbiddenKeyError(path));
  }
  if (result.success || !result.error) return undefined;
  return errorResponse(c, new AppError("bad_request", "Invalid request", zodDetails(result.error)));
}
