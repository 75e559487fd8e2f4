import type { App } from "../../../http/context";
import { errorResponses, jsonContent, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER } from "../present";
import { RefreshResponse } from "../schemas";
import { refreshPortfolio } from "../service";

export const refreshPortfolioRoute = tenantRoute({
  method: "post",
  path: "/v1/agent-health/portfolio/refresh",
  operationId: "refreshAgentPortfolio",
  tags: ["Agent health"],
  summary: "Recompute every agent's 30-day AHI snapshot now (the daily cron does the same)",
  scope: "agents:write",
  responses: { 200: jsonContent(RefreshResponse, "Refreshed"), ...errorResponses(501) },
});

export const registerRefreshPortfolio = (app: App) =>
  app.openapi(refreshPortfolioRoute, async (c) => {
    const ctx = c.get("ctx");
    const { refreshed, computedAt, queries } = await refreshPortfolio(ctx);
    // D1 statements used, for the scale bench and tests (never in production).
    if (ctx.env.ENVIRONMENT !== "production") c.header("x-d1-queries", String(queries));
    return c.json({ success: true as const, refreshed, computedAt, disclaimer: DISCLAIMER }, 200);
  });
