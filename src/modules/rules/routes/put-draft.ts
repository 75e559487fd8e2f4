import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import type { RuleSetKind } from "../domain/document";
import { RuleSetContentInput } from "../schemas";
import { putDraft } from "../service";
import { KINDS, label, ruleSetName, TAGS, writeScope } from "./kinds";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "put",
    path: `/v1/rule-sets/${kind}/draft`,
    operationId: `put${label(kind)}RuleSetDraft`,
    tags: TAGS,
    summary: `Create or replace the ${ruleSetName(kind)} rule-set draft`,
    description:
      "Validated: one 400 detail per problem; left-out built-ins and thresholds take their defaults.",
    scope: writeScope(kind),
    request: { body: jsonBody(RuleSetContentInput) },
    responses: {
      200: jsonContent(
        async () => (await import("../responses")).DraftResponse,
        "The saved draft, completed with defaults",
      ),
    },
  });

export const registerPutDraft = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) =>
      c.json({ success: true as const, draft: await putDraft(c.get("ctx"), kind, c.req.valid("json")) }, 200),
    );
};
