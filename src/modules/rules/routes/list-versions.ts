import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import type { RuleSetKind } from "../domain/document";
import { listVersions } from "../service";
import { KINDS, label, PageQuery, readScope, ruleSetName, TAGS } from "./kinds";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "get",
    path: `/v1/rule-sets/${kind}/versions`,
    operationId: `list${label(kind)}RuleSetVersions`,
    tags: TAGS,
    summary: `List ${ruleSetName(kind)} rule-set versions`,
    description: "Published versions, newest first (content: GET one version).",
    scope: readScope(kind),
    request: { query: PageQuery },
    responses: {
      200: jsonContent(async () => (await import("../responses")).VersionListResponse, "Versions"),
    },
  });

export const registerListVersions = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) => {
      const { limit, offset, cursor } = c.req.valid("query");
      const { data, page } = await listVersions(c.get("ctx"), kind, { limit, offset, cursor });
      return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
    });
};
