import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { DISCLAIMER } from "../schemas";
import { getCase } from "../service";

export const CaseParams = z.object({ caseId: uuidParam("caseId") });

export const getCaseRoute = tenantRoute({
  method: "get",
  path: "/v1/fraud/cases/{caseId}",
  operationId: "getFraudCase",
  tags: ["Fraud"],
  summary: "Get a fraud case",
  description: "With its events, in sequence order.",
  scope: "fraud:read",
  request: { params: CaseParams },
  responses: {
    200: jsonContent(async () => {
      const { FraudCaseWithEventsSchema, Disclaimer } = await import("../responses");
      return z.object({ success: z.literal(true), case: FraudCaseWithEventsSchema, disclaimer: Disclaimer });
    }, "The case"),
  },
});

export const registerGetCase = (app: App) =>
  app.openapi(getCaseRoute, async (c) => {
    const found = await getCase(c.get("ctx"), c.req.valid("param").caseId);
    return c.json({ success: true as const, case: found, disclaimer: DISCLAIMER }, 200);
  });
