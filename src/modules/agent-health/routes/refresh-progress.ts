import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { refreshProgress } from "../service";

export const refreshProgressRoute = tenantRoute({
  method: "get",
  path: "/v1/agent-health/portfolio/refresh",
  operationId: "getAgentPortfolioRefresh",
  tags: ["Agent health"],
  summary: "Get the agent portfolio refresh",
  description:
    "Progress of the latest portfolio refresh (a queued one runs one slice of agents per message).",
  scope: "agents:read",
  feature: "agentNetwork",
  responses: {
    200: jsonContent(
      async () => (await import("../snapshots/responses")).RefreshProgressResponse,
      "The latest run; null before the first",
    ),
  },
});

export const registerRefreshProgress = (app: App) =>
  app.openapi(refreshProgressRoute, async (c) =>
    c.json({ success: true as const, run: await refreshProgress(c.get("ctx")) }, 200),
  );
