import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { CloseDecisionBody } from "../casework/schemas";
import { confirmClose } from "../casework/service";
import { DISCLAIMER, Disclaimer, FraudCaseEventSchema, FraudCaseSchema } from "../schemas";
import { CaseParams } from "./get-case";

export const confirmCloseRoute = tenantRoute({
  method: "post",
  path: "/v1/fraud/cases/{caseId}/close-request/confirm",
  operationId: "ConfirmFraudCaseClose",
  tags: ["Fraud"],
  summary:
    "Maker-checker: a second actor confirms the pending close (the close is appended with its outcome). 403 second_actor_required: the requester confirming; 409: no close pending",
  scope: "fraud:write",
  request: { params: CaseParams, body: jsonBody(CloseDecisionBody) },
  responses: {
    200: jsonContent(
      z.object({
        success: z.literal(true),
        case: FraudCaseSchema,
        events: z.array(FraudCaseEventSchema),
        disclaimer: Disclaimer,
      }),
      "The case and the appended events",
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
    return c.json({ success: true as const, ...result, disclaimer: DISCLAIMER }, 200);
  });
