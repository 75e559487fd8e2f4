import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../lib/errors";
import { errorResponse } from "../errors";

export const MAX_BODY_BYTES = 1024 * 1024;
/** Evidence uploads (POST /v1/{fraud,kyc-aml}/cases/{caseId}/files) take the file as the body. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const UPLOAD_PATH = /^\/v1\/(?:fraud|kyc-aml)\/cases\/[^/]+\/files\/?$/;
/** Sanctions list files (POST /admin/sanctions/uploads), streamed to R2; its service sets the limit. */
const LIST_UPLOAD_PATH = /^\/admin\/sanctions\/uploads\/?$/;

const jsonLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => errorResponse(c, new AppError("payload_too_large", "Request body exceeds 1 MiB")),
});
const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES,
  onError: (c) => errorResponse(c, new AppError("payload_too_large", "File exceeds 10 MiB")),
});

/**
 * 413 for bodies over 1 MiB (10 MiB for an evidence upload), refused on an announced
 * Content-Length before reading, else while streaming. A sanctions list upload is streamed to R2
 * with its announced Content-Length, which its service checks (sanctions/uploads/service.ts).
 */
export const limitBody: MiddlewareHandler = (c, next) => {
  if (c.req.method === "POST" && LIST_UPLOAD_PATH.test(c.req.path)) return next();
  return c.req.method === "POST" && UPLOAD_PATH.test(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next);
};
