import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { listEntries } from "../entries/service";
import { ListEntriesQuery, ListIdParams, listOf } from "../schemas";

export const listEntriesRoute = tenantRoute({
  method: "get",
  path: "/v1/lists/{listId}/entries",
  operationId: "listListEntries",
  tags: ["Lists"],
  summary: "List a list's entries",
  description: "In value order, optionally those whose value starts with a prefix.",
  scope: "aml:read",
  request: { params: ListIdParams, query: ListEntriesQuery },
  responses: {
    200: jsonContent(async () => {
      const { EntrySchema } = await import("../responses");
      return listOf(EntrySchema);
    }, "Entries"),
  },
});

export const registerListEntries = (app: App) =>
  app.openapi(listEntriesRoute, async (c) => {
    const { limit, offset, cursor, prefix } = c.req.valid("query");
    const { listId } = c.req.valid("param");
    const { data, page } = await listEntries(c.get("ctx"), listId, prefix, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
