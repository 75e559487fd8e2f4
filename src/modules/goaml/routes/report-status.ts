import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { ReportStatusBody } from "../schemas";
import { moveReport } from "../service";

export const goamlReportStatusRoute = tenantRoute({
  method: "post",
  path: "/v1/goaml/reports/{reportId}/status",
  operationId: "setGoamlReportStatus",
  tags: ["goAML"],
  summary: "Record a goAML filing step",
  description:
    "The steps: submitted (with the FIU reference), then accepted or rejected. " +
    "draft -> submitted -> accepted | rejected (400 invalid_transition otherwise). A rejected report is replaced " +
    "by a new one (POST .../reports with resubmissionOf). An STR's step is logged on its AML case.",
  scope: "aml:write",
  request: { params: z.object({ reportId: uuidParam("reportId") }), body: jsonBody(ReportStatusBody) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).ReportResponse, "The report after the step"),
    ...errorResponses(409),
  },
});

export const registerGoamlReportStatus = (app: App) =>
  app.openapi(goamlReportStatusRoute, async (c) => {
    const report = await moveReport(c.get("ctx"), c.req.valid("param").reportId, c.req.valid("json"));
    return c.json({ success: true as const, report }, 200);
  });
