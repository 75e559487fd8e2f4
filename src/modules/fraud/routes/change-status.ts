import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { declaredActor } from "../../cases/service";
import { ChangeStatusBody } from "../cases/schemas";
import { DISCLAIMER } from "../schemas";
import { changeStatus } from "../service";
import { CaseParams } from "./get-case";

export const changeStatusRoute = tenantRoute({
  method: "post",
  path: "/v1/fraud/cases/{caseId}/status",
  operationId: "changeFraudCaseStatus",
  tags: ["Fraud"],
  summary: "Change a fraud case's status",
  description: "Appends a status_changed event.",
  scope: "fraud:write",
  request: { params: CaseParams, body: jsonBody(ChangeStatusBody) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).EventResponse, "The status_changed event"),
  },
});

export const registerChangeStatus = (app: App) =>
  app.openapi(changeStatusRoute, async (c) => {
    const event = await changeStatus(c.get("ctx"), c.req.valid("param").caseId, {
      ...c.req.valid("json"),
      // The actor from the credential (docs/decisions/case-work.md#named-analysts).
      ...declaredActor(c.get("auth"), c.req.valid("json")),
    });
    return c.json({ success: true as const, event, disclaimer: DISCLAIMER }, 200);
  });
