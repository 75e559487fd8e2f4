import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { AssignmentBody } from "../casework/schemas";
import { assignCase } from "../casework/service";
import { DISCLAIMER, Disclaimer, FraudCaseEventSchema, FraudCaseSchema } from "../schemas";
import { CaseParams } from "./get-case";

export const assignCaseRoute = tenantRoute({
  method: "post",
  path: "/v1/fraud/cases/{caseId}/assignment",
  operationId: "AssignFraudCase",
  tags: ["Fraud"],
  summary:
    "Assign, reassign (assign again) or unassign (assigneeId null) the case: an assigned/unassigned entry in its log; the case shows the current assignee. 409: unassigning a case with no assignee",
  scope: "fraud:write",
  request: { params: CaseParams, body: jsonBody(AssignmentBody) },
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

export const registerAssignCase = (app: App) =>
  app.openapi(assignCaseRoute, async (c) => {
    const result = await assignCase(c.get("ctx"), c.req.valid("param").caseId, {
      ...c.req.valid("json"),
      actorKeyId: c.get("auth").keyId,
    });
    return c.json({ success: true as const, ...result, disclaimer: DISCLAIMER }, 200);
  });
