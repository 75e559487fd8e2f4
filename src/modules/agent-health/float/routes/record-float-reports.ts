import type { App } from "../../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../../http/openapi";
import { AgentIdParams } from "../../schemas";
import { ReportsBody } from "../schemas";
import { recordFloatReports } from "../service";

export const recordFloatReportsRoute = tenantRoute({
  method: "post",
  path: "/v1/agents/{agentId}/float-reports",
  operationId: "recordAgentFloatReports",
  tags: ["Agent health"],
  summary: "Record an agent's reported balances",
  description:
    "Balances the agent reported (e-float, and cash when known), with the time of each. " +
    "Anchors the float history and the stock-out forecast. Up to 500 reports a call; a report at an instant already stored replaces it. Reports in the future are refused.",
  scope: "agents:write",
  feature: "agentNetwork",
  request: { params: AgentIdParams, body: jsonBody(ReportsBody) },
  responses: { 200: jsonContent(async () => (await import("../responses")).ReportsResponse, "Recorded") },
});

export const registerRecordFloatReports = (app: App) =>
  app.openapi(recordFloatReportsRoute, async (c) => {
    const { recorded } = await recordFloatReports(
      c.get("ctx"),
      c.req.valid("param").agentId,
      c.req.valid("json").reports,
    );
    return c.json({ success: true as const, recorded }, 200);
  });
