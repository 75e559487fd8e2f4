import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getReport } from "../service";

export const getGoamlReportRoute = tenantRoute({
  method: "get",
  path: "/v1/goaml/reports/{reportId}",
  operationId: "getGoamlReport",
  tags: ["goAML"],
  summary: "Get a goAML report",
  description: "An STR or CTR, with its filing history.",
  scope: "aml:read",
  request: { params: z.object({ reportId: uuidParam("reportId") }) },
  responses: { 200: jsonContent(async () => (await import("../responses")).ReportResponse, "The report") },
});

export const registerGetGoamlReport = (app: App) =>
  app.openapi(getGoamlReportRoute, async (c) => {
    const report = await getReport(c.get("ctx"), c.req.valid("param").reportId);
    return c.json({ success: true as const, report }, 200);
  });
