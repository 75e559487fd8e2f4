import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { declaredActor } from "../../cases/service";
import { AddEventBody } from "../cases/schemas";
import { DISCLAIMER } from "../schemas";
import { appendEvent } from "../service";
import { CaseParams } from "./get-case";

export const addEventRoute = tenantRoute({
  method: "post",
  path: "/v1/fraud/cases/{caseId}/events",
  operationId: "addFraudCaseEvent",
  tags: ["Fraud"],
  summary: "Append an event to a fraud case",
  description: "Status changes follow the case state machine.",
  scope: "fraud:write",
  request: { params: CaseParams, body: jsonBody(AddEventBody) },
  responses: {
    201: jsonContent(async () => (await import("../responses")).EventResponse, "The appended event"),
  },
});

export const registerAddEvent = (app: App) =>
  app.openapi(addEventRoute, async (c) => {
    const event = await appendEvent(c.get("ctx"), c.req.valid("param").caseId, {
      ...c.req.valid("json"),
      // The actor from the credential (docs/decisions/case-work.md#named-analysts).
      ...declaredActor(c.get("auth"), c.req.valid("json")),
    });
    return c.json({ success: true as const, event, disclaimer: DISCLAIMER }, 201);
  });
