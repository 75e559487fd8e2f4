import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { CloseDecisionBody } from "../../fraud/casework/schemas";
import { rejectClose } from "../casework/service";
import { AmlCaseHistorySchema, AmlCaseSchema, DISCLAIMER, Disclaimer } from "../schemas";

export const rejectCloseRoute = tenantRoute({
  method: "post",
  path: "/v1/kyc-aml/cases/{caseId}/close-request/reject",
  operationId: "RejectAmlCaseClose",
  tags: ["KYC/AML"],
  summary:
    "Maker-checker: withdraw or refuse the pending close (close_rejected entry; the status stays). 409: no close pending",
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

export const registerRejectClose = (app: App) =>
  app.openapi(rejectCloseRoute, async (c) => {
    const result = await rejectClose(c.get("ctx"), c.req.valid("param").caseId, {
      ...c.req.valid("json"),
      actorKeyId: c.get("auth").keyId,
    });
    return c.json(
      { success: true as const, ...{ case: result.case, events: [result.event] }, disclaimer: DISCLAIMER },
      200,
    );
  });
