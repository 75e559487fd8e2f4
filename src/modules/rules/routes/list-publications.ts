import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import type { RuleSetKind } from "../domain/document";
import { listPublications } from "../service";
import { KINDS, label, PageQuery, readScope, ruleSetName, TAGS } from "./kinds";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "get",
    path: `/v1/rule-sets/${kind}/publications`,
    operationId: `list${label(kind)}RuleSetPublications`,
    tags: TAGS,
    summary: `List ${ruleSetName(kind)} rule-set publications`,
    description: "The publication log, newest first: who published which version, from which draft, why.",
    scope: readScope(kind),
    request: { query: PageQuery },
    responses: {
      200: jsonContent(async () => (await import("../responses")).PublicationListResponse, "Publications"),
    },
  });

export const registerListPublications = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) => {
      const { limit, offset, cursor } = c.req.valid("query");
      const { data, page } = await listPublications(c.get("ctx"), kind, { limit, offset, cursor });
      return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
    });
};
