import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { evaluate } from "../evaluation/service";
import { DISCLAIMER, EvaluateBody } from "../schemas";

export const evaluateRoute = tenantRoute({
  method: "post",
  path: "/v1/kyc-aml/evaluate",
  operationId: "evaluateAml",
  tags: ["KYC/AML"],
  summary: "Evaluate AML rules for an entity",
  description:
    "Evaluates the AML trigger rules; a non-dry run opens cases. " +
    "Needs `aml:read`; a run with `dryRun: false` opens cases and additionally needs `aml:write` (403 otherwise). " +
    "Unknown or inapplicable `ruleIds`, and a geographic rule named without `highRiskCountries`, are 400. " +
    "When all rules run without `highRiskCountries`, geographic rules are listed in `skippedRules`.",
  scope: "aml:read",
  request: { body: jsonBody(EvaluateBody) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).EvaluateResponse, "Evaluation result"),
    ...errorResponses(409),
  },
});

export const registerEvaluate = (app: App) =>
  app.openapi(evaluateRoute, async (c) => {
    const result = await evaluate(
      c.get("ctx"),
      c.req.valid("json"),
      c.get("auth").scopes,
      c.get("auth").keyId,
    );
    return c.json(
      { success: true as const, result: { ...result, disclaimer: DISCLAIMER }, disclaimer: DISCLAIMER },
      200,
    );
  });
