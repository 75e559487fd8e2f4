import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { ListSanctionsCasesQuery } from "../schemas";
import { listCases } from "../service";

export const listCasesRoute = tenantRoute({
  method: "get",
  path: "/v1/sanctions/cases",
  operationId: "listSanctionsCases",
  tags: ["Sanctions"],
  summary: "List sanctions cases",
  description: "Newest first; filter by state or subject.",
  scope: "aml:read",
  request: { query: ListSanctionsCasesQuery },
  responses: {
    200: jsonContent(async () => (await import("../responses")).SanctionsCaseListSchema, "Sanctions cases"),
  },
});

export const registerListCases = (app: App) =>
  app.openapi(listCasesRoute, async (c) => {
    const { limit, offset, cursor, state, subjectId } = c.req.valid("query");
    const { data, page } = await listCases(c.get("ctx"), { state, subjectId }, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
