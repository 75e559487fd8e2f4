import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { forDocument, tenantRoute, uuidParam } from "../../../http/openapi";
import { bhiReport, REPORT_FORMATS } from "../service";

export const getBhiReportRoute = tenantRoute({
  method: "get",
  path: "/v1/reports/bhi/{customerId}",
  operationId: "getBhiReport",
  tags: ["Reports"],
  summary: "Get a customer's BHI report",
  description:
    "As JSON, CSV or PDF. " +
    "Served from storage while the customer's latest BHI record is unchanged; the ETag names that record, so " +
    "`If-None-Match` answers 304. CSV (RFC 4180): one row per history record, then one per component of the " +
    "latest record. 404 when the customer or its BHI is absent.",
  scope: "reports:read",
  request: {
    params: z.object({ customerId: uuidParam("customerId") }),
    query: z.object({ format: z.enum(REPORT_FORMATS).default("json") }),
  },
  responses: {
    200: {
      description: "The report",
      headers: z.object({
        ETag: z.string(),
        "Content-Disposition": z.string().openapi({ description: "attachment; for csv and pdf" }),
      }),
      content: {
        "application/json": {
          schema: forDocument(async () => (await import("../responses")).BhiReportSchema),
        },
        "text/csv": { schema: z.string() },
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    304: { description: "Not modified (If-None-Match matched the current ETag)" },
  },
});

export const registerGetBhiReport = (app: App) =>
  app.openapi(getBhiReportRoute, async (c) => {
    const { customerId } = c.req.valid("param");
    const { format } = c.req.valid("query");
    const doc = await bhiReport(c.get("ctx"), customerId, format, c.req.header("if-none-match"));
    const headers: Record<string, string> = {
      ETag: doc.etag,
      "Cache-Control": "private, no-cache",
      "x-report-cache": doc.cache,
    };
    if (doc.cache === "not-modified") return c.body(null, 304, headers) as never;
    headers["Content-Type"] = doc.contentType;
    if (format !== "json") headers["Content-Disposition"] = `attachment; filename="${doc.filename}"`;
    return c.body(doc.body as Uint8Array<ArrayBuffer>, 200, headers) as never;
  });
