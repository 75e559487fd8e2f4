import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { AddNoteBody } from "../cases/schemas";
import { DISCLAIMER } from "../schemas";
import { addNote } from "../service";
import { EventResponse } from "./add-event";
import { CaseParams } from "./get-case";

export const addNoteRoute = tenantRoute({
  method: "post",
  path: "/v1/fraud/cases/{caseId}/notes",
  operationId: "addFraudCaseNote",
  tags: ["Fraud"],
  summary: "Add a note to a case (appends a note_added event)",
  scope: "fraud:write",
  request: { params: CaseParams, body: jsonBody(AddNoteBody) },
  responses: { 201: jsonContent(EventResponse, "The note_added event") },
});

export const registerAddNote = (app: App) =>
  app.openapi(addNoteRoute, async (c) => {
    const event = await addNote(c.get("ctx"), c.req.valid("param").caseId, {
      ...c.req.valid("json"),
      actorKeyId: c.get("auth").keyId,
    });
    return c.json({ success: true as const, event, disclaimer: DISCLAIMER }, 201);
  });
