import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { SnoozeListResponse } from "../../lists/snoozes/schemas";
import { listCaseSnoozes } from "../snoozes/service";

export const listSnoozesRoute = tenantRoute({
  method: "get",
  path: "/v1/kyc-aml/cases/{caseId}/snoozes",
  operationId: "listAmlCaseSnoozes",
  tags: ["KYC/AML"],
  summary: "List the snoozes taken from this case, active and expired, newest first",
  scope: "aml:read",
  request: { params: z.object({ caseId: uuidParam("caseId") }) },
  responses: { 200: jsonContent(SnoozeListResponse, "Snoozes of the case") },
});

export const registerListSnoozes = (app: App) =>
  app.openapi(listSnoozesRoute, async (c) => {
    const { caseId } = c.req.valid("param");
    const snoozes = await listCaseSnoozes(c.get("ctx"), caseId);
    return c.json({ success: true as const, caseId, snoozes }, 200);
  });
