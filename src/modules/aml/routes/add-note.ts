import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { CaseNoteBody } from "../../fraud/casework/schemas";
import { addNote } from "../casework/service";
import { AmlCaseHistorySchema, AmlCaseSchema, DISCLAIMER, Disclaimer } from "../schemas";

export const addNoteRoute = tenantRoute({
  method: "post",
  path: "/v1/kyc-aml/cases/{caseId}/notes",
  operationId: "AddAmlCaseNote",
  tags: ["KYC/AML"],
  summary: "Add a note to the case's history without moving its status (a closed case still takes notes)",
  scope: "aml:write",
  request: { params: z.object({ caseId: uuidParam("caseId") }), body: jsonBody(CaseNoteBody) },
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

export const registerAddNote = (app: App) =>
  app.openapi(addNoteRoute, async (c) => {
    const result = await addNote(c.get("ctx"), c.req.valid("param").caseId, {
      ...c.req.valid("json"),
      actorKeyId: c.get("auth").keyId,
    });
    return c.json(
      { success: true as const, ...{ case: result.case, events: [result.event] }, disclaimer: DISCLAIMER },
      200,
    );
  });
