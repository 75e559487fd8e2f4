import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import type { RuleSetKind } from "../domain/document";
import { deleteDraft } from "../service";
import { KINDS, label, ruleSetName, TAGS, writeScope } from "./kinds";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "delete",
    path: `/v1/rule-sets/${kind}/draft`,
    operationId: `delete${label(kind)}RuleSetDraft`,
    tags: TAGS,
    summary: `Discard the ${ruleSetName(kind)} rule-set draft`,
    description: "404 when there is none.",
    scope: writeScope(kind),
    responses: { 200: jsonContent(z.object({ success: z.literal(true) }), "Discarded") },
  });

export const registerDeleteDraft = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) => {
      await deleteDraft(c.get("ctx"), kind);
      return c.json({ success: true as const }, 200);
    });
};
