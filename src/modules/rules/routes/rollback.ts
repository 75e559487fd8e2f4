import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import type { RuleSetKind } from "../domain/document";
import { rollback } from "../publish/service";
import { RollbackBody } from "../schemas";
import { KINDS, label, ruleSetName, TAGS } from "./kinds";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "post",
    path: `/v1/rule-sets/${kind}/rollback`,
    operationId: `rollback${label(kind)}RuleSet`,
    tags: TAGS,
    summary: `Roll back the ${ruleSetName(kind)} rule set`,
    description:
      "Publishes a copy of an older version as the next version (the draft is kept). 404: no such version; " +
      "409: a concurrent publication.",
    scope: "rules:publish",
    request: { body: jsonBody(RollbackBody) },
    responses: {
      200: jsonContent(
        async () => (await import("../responses")).PublishResponse,
        "The new live version and its log entry",
      ),
      ...errorResponses(409),
    },
  });

export const registerRollback = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) => {
      const { version, reason } = c.req.valid("json");
      return c.json(
        { success: true as const, ...(await rollback(c.get("ctx"), kind, version, reason)) },
        200,
      );
    });
};
