import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { tenantRoute, uuidParam } from "../../../http/openapi";
import { reportXml } from "../service";

export const getGoamlReportXmlRoute = tenantRoute({
  method: "get",
  // Audited (the download entry is a write): starts at the primary, where the audit head is current.
  fresh: true,
  path: "/v1/goaml/reports/{reportId}/xml",
  operationId: "getGoamlReportXml",
  tags: ["goAML"],
  summary: "Download a goAML report's XML",
  description: "Checked against its recorded SHA-256.",
  scope: "aml:read",
  request: { params: z.object({ reportId: uuidParam("reportId") }) },
  responses: {
    200: {
      description: "The goAML XML",
      headers: z.object({
        "Content-Disposition": z.string().openapi({ description: "attachment; filename=goaml-...xml" }),
        "X-Content-SHA256": z.string(),
      }),
      content: { "application/xml": { schema: z.string() } },
    },
  },
});

export const registerGetGoamlReportXml = (app: App) =>
  app.openapi(getGoamlReportXmlRoute, async (c) => {
    const doc = await reportXml(c.get("ctx"), c.req.valid("param").reportId);
    return c.body(doc.xml, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${doc.filename}"`,
      "X-Content-SHA256": doc.sha256,
      "Cache-Control": "private, no-store",
    }) as never;
  });
