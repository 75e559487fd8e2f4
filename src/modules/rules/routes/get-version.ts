import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import type { RuleSetKind } from "../domain/document";
import { getVersion } from "../service";
import { aRuleSetName, KINDS, label, readScope, TAGS, VersionParams } from "./kinds";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "get",
    path: `/v1/rule-sets/${kind}/versions/{version}`,
    operationId: `get${label(kind)}RuleSetVersion`,
    tags: TAGS,
    summary: `Get ${aRuleSetName(kind)} rule-set version`,
    description: "One published version, with its content.",
    scope: readScope(kind),
    request: { params: VersionParams },
    responses: {
      200: jsonContent(async () => (await import("../responses")).VersionResponse, "The version"),
    },
  });

export const registerGetVersion = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) =>
      c.json(
        {
          success: true as const,
          version: await getVersion(c.get("ctx"), kind, c.req.valid("param").version),
        },
        200,
      ),
    );
};
