import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../lib/errors";
import { errorResponse } from "../errors";

export const MAX_BODY_BYTES = 1024 * 1024;

/** 413 for bodies over 1 MiB, whether announced by Content-Length or streamed. */
export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => errorResponse(c, new AppError("payload_too_large", "Request body exceeds 1 MiB")),
});
