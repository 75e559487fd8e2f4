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
      "Changes only what the body names: the rest comes from the current draft, else the live version " +
      "(a named built-in replaces that built-in's settings, parameters laid over its own; thresholds by name; " +
      "custom and createCaseThreshold as a whole). Validated: one 400 detail per problem, a rule naming a list " +
      "the tenant does not have (or archived) included.",
    scope: writeScope(kind),
    request: { body: jsonBody(RuleSetContentInput) },
    responses: {
      200: jsonContent(async () => (await import("../responses")).DraftResponse, "The saved draft, complete"),
    },
  });

export const registerPutDraft = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) =>
      c.json({ success: true as const, draft: await putDraft(c.get("ctx"), kind, c.req.valid("json")) }, 200),
    );
};
