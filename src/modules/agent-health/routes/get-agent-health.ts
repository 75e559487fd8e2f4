import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { AgentHealthQuery, AgentIdParams } from "../schemas";
import { getAgentHealth } from "../service";

export const getAgentHealthRoute = tenantRoute({
  method: "get",
  path: "/v1/agent-health/{agentId}",
  operationId: "getAgentHealth",
  tags: ["Agent health"],
  summary: "Get an agent's health index",
  description: "The Agent Health Index (AHI) of one agent, computed from its stored transactions.",
  scope: "agents:read",
  feature: "agentNetwork",
  request: { params: AgentIdParams, query: AgentHealthQuery },
  responses: { 200: jsonContent(async () => (await import("../responses")).ReportResponse, "The report") },
});

export const registerGetAgentHealth = (app: App) =>
  app.openapi(getAgentHealthRoute, async (c) => {
    const report = await getAgentHealth(c.get("ctx"), c.req.valid("param").agentId, c.req.valid("query"));
    return c.json({ success: true as const, report }, 200);
  });
