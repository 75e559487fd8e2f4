import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, errorResponses } from "../../../http/openapi";
import { ExportFileParams } from "../schemas";
import { exportFile } from "../service";

const binary = { schema: z.string().openapi({ format: "binary" }) };

export const downloadExportFileRoute = adminRoute({
  method: "get",
  // Audited (the download entry is a write): starts at the primary, where the audit head is current.
  fresh: true,
  path: "/admin/tenants/{tenantId}/exports/{exportId}/files/{fileName}",
  operationId: "adminDownloadTenantExportFile",
  scope: "exports:read",
  summary: "Download a tenant export file",
  description: "One file of a completed export, streamed from R2 (409 while the export runs).",
  request: { params: ExportFileParams },
  responses: {
    200: {
      description: "The file's bytes; X-Content-SHA256 is the digest the manifest lists",
      headers: z.object({ "X-Content-SHA256": z.string() }),
      content: {
        // manifest.json and control.json are JSON objects (the manifest's fields: docs/decisions).
        "application/json": { schema: z.record(z.string(), z.unknown()) },
        "application/x-ndjson": binary,
        "application/octet-stream": binary,
      },
    },
    ...errorResponses(409),
  },
});

const contentType = (name: string) =>
  name.endsWith(".ndjson")
    ? "application/x-ndjson"
    : name.endsWith(".json")
      ? "application/json"
      : "application/octet-stream";

export const registerDownloadExportFile = (app: App) =>
  app.openapi(downloadExportFileRoute, async (c) => {
    const { tenantId, exportId, fileName } = c.req.valid("param");
    const object = await exportFile(c.get("op"), tenantId, exportId, fileName);
    return c.body(object.body, 200, {
      "Content-Type": contentType(fileName),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-SHA256": object.customMetadata?.sha256 ?? "",
      "Cache-Control": "private, no-store",
    }) as never;
  });
