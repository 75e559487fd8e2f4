import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import type { RuleSetKind } from "../domain/document";
import { getDraft } from "../service";
import { KINDS, label, readScope, ruleSetName, TAGS } from "./kinds";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "get",
    path: `/v1/rule-sets/${kind}/draft`,
    operationId: `get${label(kind)}RuleSetDraft`,
    tags: TAGS,
    summary: `Get the ${ruleSetName(kind)} rule-set draft`,
    description: "404 when there is none.",
    scope: readScope(kind),
    responses: { 200: jsonContent(async () => (await import("../responses")).DraftResponse, "The draft") },
  });

export const registerGetDraft = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) =>
      c.json({ success: true as const, draft: await getDraft(c.get("ctx"), kind) }, 200),
    );
};
