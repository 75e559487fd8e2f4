import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { AssignmentBody } from "../../fraud/casework/schemas";
import { assignCase } from "../casework/service";
import { AmlCaseHistorySchema, AmlCaseSchema, DISCLAIMER, Disclaimer } from "../schemas";

export const assignCaseRoute = tenantRoute({
  method: "post",
  path: "/v1/kyc-aml/cases/{caseId}/assignment",
  operationId: "AssignAmlCase",
  tags: ["KYC/AML"],
  summary:
    "Assign, reassign (assign again) or unassign (assigneeId null) the case: an assigned/unassigned entry in its log; the case shows the current assignee. 409: unassigning a case with no assignee",
  scope: "aml:write",
  request: { params: z.object({ caseId: uuidParam("caseId") }), body: jsonBody(AssignmentBody) },
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

export const registerAssignCase = (app: App) =>
  app.openapi(assignCaseRoute, async (c) => {
    const result = await assignCase(c.get("ctx"), c.req.valid("param").caseId, {
      ...c.req.valid("json"),
      actorKeyId: c.get("auth").keyId,
    });
    return c.json(
      { success: true as const, ...{ case: result.case, events: [result.event] }, disclaimer: DISCLAIMER },
      200,
    );
  });
