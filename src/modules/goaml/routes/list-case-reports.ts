import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { listCaseReports } from "../service";

export const listCaseReportsRoute = tenantRoute({
  method: "get",
  path: "/v1/kyc-aml/cases/{caseId}/reports",
  operationId: "listAmlCaseReports",
  tags: ["goAML"],
  summary: "List an AML case's goAML reports",
  description: "The goAML reports generated from the case, newest first.",
  scope: "aml:read",
  request: { params: z.object({ caseId: uuidParam("caseId") }) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).ReportListResponse, "The case's reports"),
  },
});

export const registerListCaseReports = (app: App) =>
  app.openapi(listCaseReportsRoute, async (c) => {
    const data = await listCaseReports(c.get("ctx"), c.req.valid("param").caseId);
    return c.json({ success: true as const, data }, 200);
  });
