import type { App } from "../../../../http/context";
import { jsonContent, tenantRoute } from "../../../../http/openapi";
import { AgentIdParams } from "../../schemas";
import { HistoryQuery } from "../schemas";
import { floatHistory } from "../service";

export const getFloatHistoryRoute = tenantRoute({
  method: "get",
  path: "/v1/agents/{agentId}/float-history",
  operationId: "getAgentFloatHistory",
  tags: ["Agent health"],
  summary: "Get an agent's e-float history",
  description:
    "The agent's e-float balance per hour or day, derived from its transactions, with drift at " +
    "reported balances. " +
    "Cash-in takes e-float, cash-out returns it, top-ups and rebalancing (categories float_topup, rebalance, ...) move it by their type. The line starts from the nearest anchor (a reported balance, else the agent record) and is re-anchored at each reported balance; `reported` lists each report with the derived balance it replaced and the drift. At most 31 days of hours or 366 days of days.",
  scope: "agents:read",
  feature: "agentNetwork",
  request: { params: AgentIdParams, query: HistoryQuery },
  responses: { 200: jsonContent(async () => (await import("../responses")).HistoryResponse, "The history") },
});

export const registerGetFloatHistory = (app: App) =>
  app.openapi(getFloatHistoryRoute, async (c) => {
    const history = await floatHistory(c.get("ctx"), c.req.valid("param").agentId, c.req.valid("query"));
    return c.json({ success: true as const, history }, 200);
  });
