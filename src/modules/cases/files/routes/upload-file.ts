import { z } from "@hono/zod-openapi";
import type { App } from "../../../../http/context";
import { ErrorBodySchema } from "../../../../http/errors";
import { errorResponses, jsonContent, tenantRoute } from "../../../../http/openapi";
import { AppError } from "../../../../lib/errors";
import { KIND_ROUTES } from "../../routes/kinds";
import { namedActor } from "../../service";
import type { CaseKind as CaseFileKind } from "../domain/upload";
import { allowedContentType, MAX_FILE_BYTES } from "../domain/upload";
import { CaseParams, UploadQuery, uploadBody } from "../schemas";
import { uploadFile } from "../service";

const uploadRoute = (kind: CaseFileKind) =>
  tenantRoute({
    method: "post",
    path: `${KIND_ROUTES[kind].prefix}/{caseId}/files`,
    operationId: `upload${KIND_ROUTES[kind].op}CaseFile`,
    tags: [KIND_ROUTES[kind].tag],
    summary: `Upload evidence to ${KIND_ROUTES[kind].aCase}`,
    description: `Upload an evidence file (raw body, at most ${MAX_FILE_BYTES} bytes): stored with its SHA-256, recorded as an evidence_added entry in the case's log. The bytes must be of the declared Content-Type: a PNG, JPEG or PDF signature at the start, or UTF-8 text without control characters for text/plain and text/csv; a mismatch (HTML declared as image/png) is a 400 naming Content-Type.`,
    scope: KIND_ROUTES[kind].write,
    request: { params: CaseParams, query: UploadQuery, body: uploadBody },
    responses: {
      201: jsonContent(async () => {
        const { CaseFileSchema } = await import("../responses");
        return z.object({ success: z.literal(true), file: CaseFileSchema });
      }, "The stored file"),
      ...errorResponses(409, 413, 415),
      403: {
        description:
          "Missing scope (forbidden), or `storage_quota_exceeded`: the file's bytes would take the tenant past its storage quota (GET /v1/usage); nothing was stored",
        content: { "application/json": { schema: ErrorBodySchema } },
      },
    },
  });

export const registerUploadFile = (app: App, kind: CaseFileKind) =>
  app.openapi(uploadRoute(kind), async (c) => {
    const contentType = allowedContentType(c.req.header("content-type"));
    if (!contentType)
      throw new AppError("unsupported_media_type", "This content type is not accepted as evidence", [
        { path: "Content-Type", message: "application/pdf, image/png, image/jpeg, text/csv or text/plain" },
      ]);
    const { actorId, actorName, ...query } = c.req.valid("query");
    const auth = c.get("auth");
    const actor = namedActor(auth, { actorId, actorName });
    // The body-limit middleware has refused an announced or streamed body over the limit.
    const bytes = await c.req.arrayBuffer();
    const file = await uploadFile(c.get("ctx"), kind, c.req.valid("param").caseId, {
      ...query,
      ...actor,
      bytes,
      contentType,
      actorKeyId: auth.keyId,
    });
    return c.json({ success: true as const, file }, 201);
  });
