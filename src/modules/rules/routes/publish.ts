import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import type { RuleSetKind } from "../domain/document";
import { publishDraft } from "../publish/service";
import { PublishBody } from "../schemas";
import { KINDS, label, ruleSetName, TAGS } from "./kinds";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "post",
    path: `/v1/rule-sets/${kind}/publish`,
    operationId: `publish${label(kind)}RuleSet`,
    tags: TAGS,
    summary: `Publish the ${ruleSetName(kind)} rule-set draft`,
    description:
      "Freezes the draft as the next version and makes it live. 409 `conflict`: no draft, a concurrent publication, " +
      "or (a `details` entry with code `second_approver_required`) the tenant requires maker-checker and this key edited the draft.",
    scope: "rules:publish",
    request: { body: jsonBody(PublishBody) },
    responses: {
      200: jsonContent(
        async () => (await import("../responses")).PublishResponse,
        "The new live version and its log entry",
      ),
      ...errorResponses(409),
    },
  });

export const registerPublish = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) =>
      c.json(
        { success: true as const, ...(await publishDraft(c.get("ctx"), kind, c.req.valid("json").reason)) },
        200,
      ),
    );
};
