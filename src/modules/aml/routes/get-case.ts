import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getCase } from "../cases/service";
import { DISCLAIMER } from "../schemas";

export const getCaseRoute = tenantRoute({
  method: "get",
  path: "/v1/kyc-aml/cases/{caseId}",
  operationId: "getAmlCase",
  tags: ["KYC/AML"],
  summary: "Get an AML case",
  description: "With its append-only history and whether its hash chain verifies.",
  scope: "aml:read",
  request: { params: z.object({ caseId: uuidParam("caseId") }) },
  responses: { 200: jsonContent(async () => (await import("../cases/responses")).CaseResponse, "The case") },
});

export const registerGetCase = (app: App) =>
  app.openapi(getCaseRoute, async (c) => {
    const found = await getCase(c.get("ctx"), c.req.valid("param").caseId);
    return c.json({ success: true as const, case: found, disclaimer: DISCLAIMER }, 200);
  });
