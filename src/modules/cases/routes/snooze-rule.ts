import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { SnoozeBody } from "../../lists/snoozes/schemas";
import { snoozeFromCase } from "../../lists/snoozes/service";
import type { CaseKind } from "../domain/work";
import { CaseParams, KIND_ROUTES, SNOOZE_TARGETS } from "./kinds";

/** The rules a case of each kind may snooze (checked by its snooze target). */
const SNOOZABLE: Record<CaseKind, string> = {
  fraud: "a signal of the case or a signal or custom rule of the live fraud rule set",
  aml: "the case's own rule",
};

const snoozeRuleRoute = (kind: CaseKind) =>
  tenantRoute({
    method: "post",
    path: `${KIND_ROUTES[kind].prefix}/{caseId}/snoozes`,
    operationId: `snooze${KIND_ROUTES[kind].op}CaseRule`,
    tags: [KIND_ROUTES[kind].tag],
    summary: `Snooze a rule from ${KIND_ROUTES[kind].aCase}`,
    description: `Snooze one rule for the case's entity until a time (an entry of the system allowlist "Case snoozes", recorded in the case log as rule_snoozed); ruleId: ${SNOOZABLE[kind]}.`,
    scope: KIND_ROUTES[kind].write,
    request: { params: CaseParams, body: jsonBody(SnoozeBody) },
    responses: {
      201: jsonContent(async () => {
        const { SnoozeSchema } = await import("../../lists/snoozes/responses");
        return z.object({
          success: z.literal(true),
          snooze: SnoozeSchema,
          event: (await KIND_ROUTES[kind].responses()).entry,
        });
      }, "The snooze and the case-log entry that records it"),
    },
  });

export const registerSnoozeRule = (app: App, kind: CaseKind) =>
  app.openapi(snoozeRuleRoute(kind), async (c) => {
    const result = await snoozeFromCase(
      c.get("ctx"),
      SNOOZE_TARGETS[kind],
      c.req.valid("param").caseId,
      c.req.valid("json"),
      c.get("auth").keyId,
    );
    return c.json({ success: true as const, ...result }, 201);
  });
