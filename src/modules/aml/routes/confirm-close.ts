import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { CloseDecisionBody } from "../../fraud/casework/schemas";
import { confirmClose } from "../casework/service";
import { AmlCaseHistorySchema, AmlCaseSchema, DISCLAIMER, Disclaimer } from "../schemas";

export const confirmCloseRoute = tenantRoute({
  method: "post",
  path: "/v1/kyc-aml/cases/{caseId}/close-request/confirm",
  operationId: "ConfirmAmlCaseClose",
  tags: ["KYC/AML"],
  summary:
    "Maker-checker: a second actor confirms the pending close (the close is appended with its outcome). 403 second_actor_required: the requester confirming; 409: no close pending",
  scope: "aml:write",
  request: { params: z.object({ caseId: uuidParam("caseId") }), body: jsonBody(CloseDecisionBody) },
  responses: {
    200: jsonContent(
      z.object({
        success: z.literal(true),
        case: AmlCaseSchema,
        events: z.array(AmlCaseHistorySchema),
        disclaimer: Disclaimer,
      }),
      "The case and the appended history entries",
    ),
    ...errorResponses(409),
  },
});

export const registerConfirmClose = (app: App) =>
  app.openapi(confirmCloseRoute, async (c) => {
    const result = await confirmClose(c.get("ctx"), c.req.valid("param").caseId, {
      ...c.req.valid("json"),
      actorKeyId: c.get("auth").keyId,
    });
    return c.json(
      { success: true as const, ...{ case: result.case, events: [result.event] }, disclaimer: DISCLAIMER },
      200,
    );
  });
