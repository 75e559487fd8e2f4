import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { MonthsQuery } from "../schemas";
import { getSaasHistory } from "../service";

export const saasHistoryRoute = tenantRoute({
  method: "get",
  path: "/v1/insights/saas-metrics/history",
  operationId: "getSaasMetricsHistory",
  tags: ["Insights"],
  summary: "Get SaaS metrics history",
  description: "SaaS-style metrics for each of the last N complete months, newest first.",
  scope: "insights:read",
  request: { query: MonthsQuery },
  responses: { 200: jsonContent(async () => (await import("../responses")).SaasHistoryResponse, "History") },
});

export const registerSaasHistory = (app: App) =>
  app.openapi(saasHistoryRoute, async (c) => {
    const { months } = c.req.valid("query");
    return c.json({ success: true as const, ...(await getSaasHistory(c.get("ctx"), months)) }, 200);
  });
