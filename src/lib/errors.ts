import type { ZodError } from "zod";
/**
 * The one error type of the service. Services throw it with a semantic code; only
 * src/http/errors.ts knows which HTTP status each code becomes.
 */
export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "second_approver_required"
  | "second_actor_required"
  | "storage_quota_exceeded"
  | "not_found"
  | "conflict"
  | "idempotency_key_in_use"
  | "idempotency_key_reused"
  | "invalid_transition"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "not_implemented"
  | "unavailable"
  | "internal";

export interface ErrorDetail {
  path: string;
  message: string;
  /** A specific reason within the error's code (maker-checker refusals: src/http/errors.ts). */
  code?: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** `unavailable` and `idempotency_key_in_use`: seconds after which a retry may succeed (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (what: string): AppError => new AppError("not_found", `${what} not found`);
export const badRequest = (message: string, details?: ErrorDetail[]): AppError =>
  new AppError("bad_request", message, details);
export const conflict = (message: string): AppError => new AppError("conflict", message);

/** Turns a zod error into one `{path, message}` entry per bad field. */
export function zodDetails(error: ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.join(".") : "(body)",
    message: issue.message,
  }));
}

/**
 * Our own input error (not "internal"): a background job records it as the run's failure
 * rather than letting the queue retry, since bad input will not get better on a retry.
 */
export const isInputError = (error: unknown): error is AppError =>
  error instanceof AppError && error.code !== "internal" && error.code !== "unavailable";

/** A passing refusal (a move's write fence): retry after the given seconds, not a failure. */
export const isUnavailable = (error: unknown): error is AppError & { retryAfterSeconds: number } =>
  error instanceof AppError && error.code === "unavailable";
