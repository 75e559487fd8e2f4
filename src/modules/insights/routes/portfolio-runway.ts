import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { getPortfolioRunway } from "../runway/service";

export const portfolioRunwayRoute = tenantRoute({
  method: "get",
  path: "/v1/insights/runway/portfolio",
  operationId: "getPortfolioRunway",
  tags: ["Insights"],
  summary: "Get the portfolio runway",
  description: "Runway distribution across customers and projected depletions with intervals.",
  scope: "insights:read",
  responses: {
    200: jsonContent(async () => (await import("../responses")).PortfolioRunwayResponse, "Portfolio runway"),
  },
});

export const registerPortfolioRunway = (app: App) =>
  app.openapi(portfolioRunwayRoute, async (c) => {
    return c.json({ success: true as const, portfolio: await getPortfolioRunway(c.get("ctx")) }, 200);
  });
