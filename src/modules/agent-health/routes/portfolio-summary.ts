import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER } from "../present";
import { SummaryQuery } from "../schemas";
import { portfolioSummary } from "../service";

export const portfolioSummaryRoute = tenantRoute({
  method: "get",
  path: "/v1/agent-health/portfolio/summary",
  operationId: "getAgentPortfolioSummary",
  tags: ["Agent health"],
  summary: "Get the agent portfolio summary",
  description:
    "Latest AHI of every agent: filters, sort and paging over the daily snapshots. " +
    "Reads each agent's latest 30-day snapshot (refreshed daily at 02:00 UTC and by POST /v1/agent-health/portfolio/refresh; computed on the tenant's first read). Ties are ordered by agentId.",
  scope: "agents:read",
  feature: "agentNetwork",
  request: { query: SummaryQuery },
  responses: { 200: jsonContent(async () => (await import("../responses")).SummaryResponse, "Agents") },
});

export const registerPortfolioSummary = (app: App) =>
  app.openapi(portfolioSummaryRoute, async (c) => {
    const { limit, offset, cursor, sortBy, sortOrder, ...filter } = c.req.valid("query");
    const { agents, page } = await portfolioSummary(
      c.get("ctx"),
      filter,
      { by: sortBy, order: sortOrder },
      { limit, offset, cursor },
    );
    return c.json(
      {
        success: true as const,
        agents,
        ...pagination(page, limit),
        disclaimer: DISCLAIMER,
      },
      200,
    );
  });
