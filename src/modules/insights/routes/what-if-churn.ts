import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { WhatIfChurnRequest } from "../schemas";
import { whatIfChurn } from "../service";

export const whatIfChurnRoute = tenantRoute({
  method: "post",
  readOnly: true, // persists nothing: no Idempotency-Key
  path: "/v1/insights/what-if-churn",
  operationId: "simulateWhatIfChurn",
  tags: ["Insights"],
  summary: "Simulate customer churn",
  scope: "insights:read",
  description:
    "Baseline vs scenario portfolio metrics when customers churn, projected over horizonMonths. " +
    "Persists nothing, so it needs insights:read.",
  request: { body: jsonBody(WhatIfChurnRequest) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).WhatIfChurnResponse, "Simulation"),
  },
});

export const registerWhatIfChurn = (app: App) =>
  app.openapi(whatIfChurnRoute, async (c) => {
    return c.json({ success: true as const, ...(await whatIfChurn(c.get("ctx"), c.req.valid("json"))) }, 200);
  });
