import { z } from "@hono/zod-openapi";
import type { App } from "../../../../http/context";
import { errorResponses, tenantRoute } from "../../../../http/openapi";
import { KIND_ROUTES } from "../../routes/kinds";
import type { CaseKind as CaseFileKind } from "../domain/upload";
import { ALLOWED_CONTENT_TYPES } from "../domain/upload";
import { FileParams } from "../schemas";
import { downloadFile } from "../service";

const downloadRoute = (kind: CaseFileKind) =>
  tenantRoute({
    method: "get",
    // Audited (the download entry is a write): starts at the primary, where the audit head is current.
    fresh: true,
    path: `${KIND_ROUTES[kind].prefix}/{caseId}/files/{fileId}`,
    operationId: `download${KIND_ROUTES[kind].op}CaseFile`,
    tags: [KIND_ROUTES[kind].tag],
    summary: `Download ${KIND_ROUTES[kind].aCase}'s evidence file`,
    description:
      "As an attachment, checked against its recorded SHA-256 (409 when the stored bytes do not match).",
    scope: KIND_ROUTES[kind].read,
    request: { params: FileParams },
    responses: {
      200: {
        description: "The file's bytes, with its stored content type",
        headers: z.object({
          "Content-Disposition": z
            .string()
            .openapi({ description: 'attachment; filename="<sanitised name>"' }),
          "X-Content-SHA256": z.string(),
          "X-Content-Type-Options": z.string().openapi({ description: "nosniff" }),
        }),
        content: Object.fromEntries(
          ALLOWED_CONTENT_TYPES.map((t) => [t, { schema: z.string().openapi({ format: "binary" }) }]),
        ),
      },
      ...errorResponses(409),
    },
  });

export const registerDownloadFile = (app: App, kind: CaseFileKind) =>
  app.openapi(downloadRoute(kind), async (c) => {
    const { caseId, fileId } = c.req.valid("param");
    const { bytes, file } = await downloadFile(c.get("ctx"), kind, caseId, fileId);
    return c.body(bytes, 200, {
      "Content-Type": file.contentType,
      // The stored name is already restricted to A-Z a-z 0-9 . _ - (domain/upload.ts).
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "X-Content-SHA256": file.sha256,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    }) as never;
  });
