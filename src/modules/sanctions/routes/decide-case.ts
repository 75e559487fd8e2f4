import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { DecideSanctionsCaseBody, SanctionsCaseParams } from "../schemas";
import { decideCase } from "../service";

export const decideCaseRoute = tenantRoute({
  method: "post",
  path: "/v1/sanctions/cases/{caseId}/decisions",
  operationId: "decideSanctionsCase",
  tags: ["Sanctions"],
  summary: "Decide a sanctions case",
  description:
    "confirmed ends a potential match at once. false_positive needs four eyes: the first key's call records " +
    "the request (the case stays potential_match with clearRequestedBy), a second key's call clears it; the " +
    "same key again is 409 second_actor_required. A cleared hit is remembered for the subject and list entry " +
    "and not raised again until the entry changes. A decided case is 400 invalid_transition. Audited; the " +
    "final decision emits sanctions.case_decided.",
  scope: "aml:write",
  request: { params: SanctionsCaseParams, body: jsonBody(DecideSanctionsCaseBody) },
  responses: {
    200: jsonContent(async () => {
      const { SanctionsCaseSchema } = await import("../responses");
      return z.object({ success: z.literal(true), case: SanctionsCaseSchema });
    }, "The case after the decision"),
  },
});

export const registerDecideCase = (app: App) =>
  app.openapi(decideCaseRoute, async (c) => {
    const decided = await decideCase(c.get("ctx"), c.req.valid("param").caseId, c.req.valid("json"));
    return c.json({ success: true as const, case: decided }, 200);
  });
