import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { caseActor } from "../../cases/service";
import { TransitionBody } from "../cases/schemas";
import { transitionCase } from "../casework/service";
import { DISCLAIMER } from "../schemas";

export const transitionCaseRoute = tenantRoute({
  method: "post",
  path: "/v1/kyc-aml/cases/{caseId}/transition",
  operationId: "transitionAmlCase",
  tags: ["KYC/AML"],
  summary: "Move an AML case to another status",
  description: "400 invalid_transition when the state machine refuses.",
  scope: "aml:write",
  request: { params: z.object({ caseId: uuidParam("caseId") }), body: jsonBody(TransitionBody) },
  responses: {
    200: jsonContent(
      async () => (await import("../cases/responses")).TransitionResponse,
      "The case and the appended history entry",
    ),
    ...errorResponses(409),
  },
});

export const registerTransitionCase = (app: App) =>
  app.openapi(transitionCaseRoute, async (c) => {
    const result = await transitionCase(c.get("ctx"), c.req.valid("param").caseId, {
      ...c.req.valid("json"),
      // The actor from the credential (docs/decisions/case-work.md#named-analysts).
      ...caseActor(c.get("auth"), c.req.valid("json")),
    });
    return c.json({ success: true as const, ...result, disclaimer: DISCLAIMER }, 200);
  });
