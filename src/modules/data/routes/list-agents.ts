import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { AgentListQuery, listOf } from "../schemas";
import { listAgents } from "../service";

export const listAgentsRoute = tenantRoute({
  method: "get",
  path: "/v1/agents",
  operationId: "listAgents",
  tags: ["Data"],
  summary: "List agents",
  description: "Mobile-money agents, filtered by tier, region and status; newest first.",
  scope: "agents:read",
  request: { query: AgentListQuery },
  responses: {
    200: jsonContent(async () => {
      const { AgentSchema } = await import("../responses");
      return listOf(AgentSchema);
    }, "Agents"),
  },
});

export const registerListAgents = (app: App) =>
  app.openapi(listAgentsRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const { data, page } = await listAgents(c.get("ctx"), filter, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
