import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import type { RuleSetKind } from "../domain/document";
import { getRuleSet } from "../service";
import { KINDS, label, readScope, ruleSetName, TAGS } from "./kinds";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "get",
    path: `/v1/rule-sets/${kind}`,
    operationId: `get${label(kind)}RuleSet`,
    tags: TAGS,
    summary: `Get the ${ruleSetName(kind)} rule set`,
    description: "The live version (0 = built-in defaults), the draft, maker-checker.",
    scope: readScope(kind),
    responses: {
      200: jsonContent(async () => (await import("../responses")).RuleSetResponse, "The rule set"),
    },
  });

export const registerGetRuleSet = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) =>
      c.json({ success: true as const, ...(await getRuleSet(c.get("ctx"), kind)) }, 200),
    );
};
