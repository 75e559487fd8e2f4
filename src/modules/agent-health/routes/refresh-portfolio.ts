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
  app.openapi(refreshPortfolioRoute, async (c) =>
    c.json(
      { success: true as const, ...(await refreshPortfolio(c.get("ctx"))), disclaimer: DISCLAIMER },
      200,
    ),
  );
