import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { getPortfolioNarrative } from "../service";

export const narrativeRoute = tenantRoute({
  method: "get",
  path: "/v1/insights/portfolio-narrative",
  operationId: "getPortfolioNarrative",
  tags: ["Insights"],
  summary: "Get the portfolio narrative",
  description: "Deterministic, with the metrics as evidence.",
  scope: "insights:read",
  responses: { 200: jsonContent(async () => (await import("../responses")).NarrativeResponse, "Narrative") },
});

export const registerNarrative = (app: App) =>
  app.openapi(narrativeRoute, async (c) => {
    return c.json({ success: true as const, narrative: await getPortfolioNarrative(c.get("ctx")) }, 200);
  });
