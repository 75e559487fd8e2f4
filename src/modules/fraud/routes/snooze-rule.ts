import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { SnoozeBody, SnoozeSchema } from "../../lists/snoozes/schemas";
import { FraudCaseEventSchema } from "../schemas";
import { snoozeFromCase } from "../snoozes/service";

export const snoozeRuleRoute = tenantRoute({
  method: "post",
  path: "/v1/fraud/cases/{caseId}/snoozes",
  operationId: "snoozeFraudCaseRule",
  tags: ["Fraud"],
  summary:
    'Snooze one rule for the case\'s entity until a time (an entry of the system allowlist "Case snoozes", recorded in the case log as rule_snoozed); ruleId: a signal of the case or a signal or custom rule of the live fraud rule set',
  scope: "fraud:write",
  request: { params: z.object({ caseId: uuidParam("caseId") }), body: jsonBody(SnoozeBody) },
  responses: {
    201: jsonContent(
      z.object({ success: z.literal(true), snooze: SnoozeSchema, event: FraudCaseEventSchema }),
      "The snooze and the case-log entry that records it",
    ),
  },
});

export const registerSnoozeRule = (app: App) =>
  app.openapi(snoozeRuleRoute, async (c) => {
    const result = await snoozeFromCase(
      c.get("ctx"),
      c.req.valid("param").caseId,
      c.req.valid("json"),
      c.get("auth").keyId,
    );
    return c.json({ success: true as const, ...result }, 201);
  });
