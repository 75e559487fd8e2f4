import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { getAgent, presentAgent } from "../service";

export const getAgentRoute = tenantRoute({
  method: "get",
  path: "/v1/agents/{agentId}",
  operationId: "getAgent",
  tags: ["Data"],
  summary: "Get an agent",
  description: "By the tenant's agent identifier.",
  scope: "agents:read",
  request: {
    params: z.object({
      agentId: z
        .string()
        .min(1)
        .max(100)
        .openapi({ param: { name: "agentId", in: "path" } }),
    }),
  },
  responses: {
    200: jsonContent(async () => {
      const { AgentSchema } = await import("../responses");
      return z.object({ success: z.literal(true), agent: AgentSchema });
    }, "The agent"),
  },
});

export const registerGetAgent = (app: App) =>
  app.openapi(getAgentRoute, async (c) => {
    const row = await getAgent(c.get("ctx"), c.req.valid("param").agentId);
    return c.json({ success: true as const, agent: presentAgent(row) }, 200);
  });
