import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonContent, tenantRoute } from "../../../http/openapi";
import { removeEntry } from "../entries/service";
import { EntryIdParams } from "../schemas";

export const removeEntryRoute = tenantRoute({
  method: "delete",
  path: "/v1/lists/{listId}/entries/{entryId}",
  operationId: "removeListEntry",
  tags: ["Lists"],
  summary: "Remove a list entry",
  description: "Its history stays; an archived list answers 409.",
  scope: "aml:write",
  request: { params: EntryIdParams },
  responses: {
    200: jsonContent(z.object({ success: z.literal(true) }), "Removed"),
    ...errorResponses(409),
  },
});

export const registerRemoveEntry = (app: App) =>
  app.openapi(removeEntryRoute, async (c) => {
    const { listId, entryId } = c.req.valid("param");
    await removeEntry(c.get("ctx"), listId, entryId);
    return c.json({ success: true as const }, 200);
  });
