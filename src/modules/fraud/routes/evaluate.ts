import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { evaluate } from "../evaluation/service";
import { DISCLAIMER, EvaluateBody } from "../schemas";

export const evaluateRoute = tenantRoute({
  method: "post",
  readOnly: true, // persists nothing: no Idempotency-Key
  path: "/v1/fraud/evaluate",
  operationId: "evaluateFraud",
  tags: ["Fraud"],
  summary: "Evaluate fraud signals for an entity",
  description: "Advisory; persists nothing.",
  scope: "fraud:read",
  request: { body: jsonBody(EvaluateBody) },
  responses: {
    200: jsonContent(async () => {
      const { FraudAlertSchema, Disclaimer } = await import("../responses");
      return z.object({ success: z.literal(true), alert: FraudAlertSchema, disclaimer: Disclaimer });
    }, "The alert"),
  },
});

export const registerEvaluate = (app: App) =>
  app.openapi(evaluateRoute, async (c) => {
    const alert = await evaluate(c.get("ctx"), c.req.valid("json"));
    return c.json({ success: true as const, alert, disclaimer: DISCLAIMER }, 200);
  });
