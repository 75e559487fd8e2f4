import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { getSaasMetrics } from "../service";

export const saasMetricsRoute = tenantRoute({
  method: "get",
  path: "/v1/insights/saas-metrics",
  operationId: "getSaasMetrics",
  tags: ["Insights"],
  summary: "Get SaaS metrics",
  description:
    "SaaS-style metrics of the last complete month: inflow (MRR), growth, Quick Ratio, retention, " +
    "revenue health.",
  scope: "insights:read",
  responses: { 200: jsonContent(async () => (await import("../responses")).SaasMetricsResponse, "Metrics") },
});

export const registerSaasMetrics = (app: App) =>
  app.openapi(saasMetricsRoute, async (c) => {
    return c.json({ success: true as const, ...(await getSaasMetrics(c.get("ctx"))) }, 200);
  });
