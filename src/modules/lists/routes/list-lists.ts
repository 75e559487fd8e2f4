import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { ListListsQuery, listOf } from "../schemas";
import { listLists } from "../service";

export const listListsRoute = tenantRoute({
  method: "get",
  path: "/v1/lists",
  operationId: "listLists",
  tags: ["Lists"],
  summary: "List the tenant's lists",
  description: "Newest first (live ones unless includeArchived).",
  scope: "aml:read",
  request: { query: ListListsQuery },
  responses: {
    200: jsonContent(async () => {
      const { ListSchema } = await import("../responses");
      return listOf(ListSchema);
    }, "Lists"),
  },
});

export const registerListLists = (app: App) =>
  app.openapi(listListsRoute, async (c) => {
    const { limit, offset, cursor, kind, includeArchived } = c.req.valid("query");
    const { data, page } = await listLists(
      c.get("ctx"),
      { kind, includeArchived },
      { limit, offset, cursor },
    );
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
