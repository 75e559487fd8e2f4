import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { presentAssessment } from "../present";
import { SmeCalculateBody } from "../schemas";
import { calculate } from "../service";

export const calculateRoute = tenantRoute({
  method: "post",
  path: "/v1/sme-health/calculate",
  operationId: "calculateSmeHealth",
  tags: ["SME health"],
  summary: "Calculate and store a customer's SME health",
  description:
    "Computes the metrics, overall score, cohort placement and narrative from the customer's transactions " +
    "over `windowDays` and stores the assessment (served by GET /v1/sme-health/{customerId} while fresh). " +
    "Advisory only: not a credit score and not a lending decision.",
  scope: "sme:write",
  request: { body: jsonBody(SmeCalculateBody) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).SmeHealthResponse, "The assessment (stored)"),
  },
});

export const registerCalculate = (app: App) =>
  app.openapi(calculateRoute, async (c) => {
    const { customerId, windowDays, includeCohort, includeNarrative } = c.req.valid("json");
    const result = await calculate(c.get("ctx"), customerId, windowDays);
    return c.json(presentAssessment(result, { cohort: includeCohort, narrative: includeNarrative }), 200);
  });
