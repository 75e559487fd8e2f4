import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, orNull, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER, EvaluateAndCreateBody } from "../schemas";
import { evaluateAndCreate } from "../service";

export const evaluateAndCreateRoute = tenantRoute({
  method: "post",
  path: "/v1/fraud/evaluate-and-create",
  operationId: "evaluateFraudAndCreateCase",
  tags: ["Fraud"],
  summary: "Evaluate an entity and open a fraud case",
  description:
    "Evaluates, then returns the entity's open case or opens one when the score reaches the " + "threshold.",
  scope: "fraud:write",
  request: { body: jsonBody(EvaluateAndCreateBody) },
  responses: {
    200: jsonContent(async () => {
      const { FraudAlertSchema, FraudCaseWithEventsSchema, Disclaimer } = await import("../responses");
      return z.object({
        success: z.literal(true),
        alert: FraudAlertSchema,
        case: orNull(FraudCaseWithEventsSchema),
        caseCreated: z.boolean(),
        disclaimer: Disclaimer,
      });
    }, "The alert and the case (null when none exists and none was created)"),
  },
});

export const registerEvaluateAndCreate = (app: App) =>
  app.openapi(evaluateAndCreateRoute, async (c) => {
    const result = await evaluateAndCreate(c.get("ctx"), c.req.valid("json"), c.get("auth").keyId);
    return c.json({ success: true as const, ...result, disclaimer: DISCLAIMER }, 200);
  });
