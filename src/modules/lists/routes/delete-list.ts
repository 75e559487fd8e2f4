import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonContent, tenantRoute } from "../../../http/openapi";
import { ListIdParams } from "../schemas";
import { archiveList } from "../service";

export const deleteListRoute = tenantRoute({
  method: "delete",
  path: "/v1/lists/{listId}",
  operationId: "deleteList",
  tags: ["Lists"],
  summary: "Archive a list",
  description:
    "It stops applying at once; it, its entries and its history stay readable. " +
    "An already archived list answers 409. Recorded in the list's history and the audit log.",
  scope: "aml:write",
  request: { params: ListIdParams },
  responses: {
    200: jsonContent(z.object({ success: z.literal(true) }), "Archived"),
    ...errorResponses(409),
  },
});

export const registerDeleteList = (app: App) =>
  app.openapi(deleteListRoute, async (c) => {
    await archiveList(c.get("ctx"), c.req.valid("param").listId);
    return c.json({ success: true as const }, 200);
  });
