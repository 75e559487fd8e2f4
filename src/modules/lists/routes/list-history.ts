import type { App } from "../../../http/context";
import { jsonContent, PaginationQuery, pagination, tenantRoute } from "../../../http/openapi";
import { ListIdParams, listOf } from "../schemas";
import { listHistory } from "../service";

export const listHistoryRoute = tenantRoute({
  method: "get",
  path: "/v1/lists/{listId}/history",
  operationId: "listListHistory",
  tags: ["Lists"],
  summary: "List a list's history",
  description: "Append-only, newest first: who created, changed, archived it, added or removed what.",
  scope: "aml:read",
  request: { params: ListIdParams, query: PaginationQuery },
  responses: {
    200: jsonContent(async () => {
      const { HistorySchema } = await import("../responses");
      return listOf(HistorySchema);
    }, "History rows"),
  },
});

export const registerListHistory = (app: App) =>
  app.openapi(listHistoryRoute, async (c) => {
    const { limit, offset, cursor } = c.req.valid("query");
    const { data, page } = await listHistory(c.get("ctx"), c.req.valid("param").listId, {
      limit,
      offset,
      cursor,
    });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
