import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { CalculateBody } from "../schemas";
import { calculateFromData } from "../service";

export const calculateRoute = tenantRoute({
  method: "post",
  readOnly: true, // persists nothing: no Idempotency-Key
  path: "/v1/agent-health/calculate",
  operationId: "calculateAgentHealth",
  tags: ["Agent health"],
  summary: "Calculate AHI from provided data",
  description:
    "From 30-day figures. " +
    "Persists nothing, so it needs agents:read. Omitted optional figures make their components unavailable (listed in missingDataPoints); they never count as zero.",
  scope: "agents:read",
  feature: "agentNetwork",
  request: { body: jsonBody(CalculateBody) },
  responses: { 200: jsonContent(async () => (await import("../responses")).ReportResponse, "The report") },
});

export const registerCalculate = (app: App) =>
  app.openapi(calculateRoute, async (c) => {
    const b = c.req.valid("json");
    const report = await calculateFromData(c.get("ctx"), {
      ...b,
      transactionCount: b.transactionCount30d,
      cashInCount: b.cashInCount30d,
      cashOutCount: b.cashOutCount30d,
      transactionVolume: b.transactionVolume30d,
      cashInVolume: b.cashInVolume30d,
      cashOutVolume: b.cashOutVolume30d,
    });
    return c.json({ success: true as const, report }, 200);
  });
