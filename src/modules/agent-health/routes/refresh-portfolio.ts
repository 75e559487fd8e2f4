import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER } from "../present";
import { refreshPortfolio } from "../service";

export const refreshPortfolioRoute = tenantRoute({
  method: "post",
  path: "/v1/agent-health/portfolio/refresh",
  operationId: "refreshAgentPortfolio",
  tags: ["Agent health"],
  summary: "Refresh the agent portfolio",
  scope: "agents:write",
  feature: "agentNetwork",
  description:
    "Recomputes every agent's 30-day AHI snapshot now (the daily cron does the same). " +
    "Up to 20,000 agents the refresh runs now (200). Above that it runs on the jobs queue (202) and the portfolio reads show the new figures when it completes (their computedAt). " +
    "A refresh requested while one is queued or running joins it (202, `joined: true`) instead of queueing a second.",
  responses: {
    200: jsonContent(async () => (await import("../responses")).RefreshResponse, "Refreshed"),
    202: jsonContent(async () => (await import("../responses")).RefreshQueuedResponse, "Queued"),
  },
});

export const registerRefreshPortfolio = (app: App) =>
  app.openapi(refreshPortfolioRoute, async (c) => {
    const ctx = c.get("ctx");
    const result = await refreshPortfolio(ctx);
    if (result.kind === "queued")
      return c.json(
        {
          success: true as const,
          queued: true as const,
          agents: result.agents,
          joined: result.joined,
          disclaimer: DISCLAIMER,
        },
        202,
      );
    const { refreshed, computedAt } = result;
    return c.json({ success: true as const, refreshed, computedAt, disclaimer: DISCLAIMER }, 200);
  });
