import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { ListIdParams, UpdateListBody } from "../schemas";
import { updateList } from "../service";

export const updateListRoute = tenantRoute({
  method: "patch",
  path: "/v1/lists/{listId}",
  operationId: "updateList",
  tags: ["Lists"],
  summary: "Update a list",
  description:
    "Rename it or change its description (kind and entry type never change). " +
    "An archived list answers 409. Recorded in the list's history and the audit log.",
  scope: "aml:write",
  request: { params: ListIdParams, body: jsonBody(UpdateListBody) },
  responses: {
    200: jsonContent(async () => {
      const { ListSchema } = await import("../responses");
      return z.object({ success: z.literal(true), list: ListSchema });
    }, "The list"),
    ...errorResponses(409),
  },
});

export const registerUpdateList = (app: App) =>
  app.openapi(updateListRoute, async (c) => {
    const list = await updateList(c.get("ctx"), c.req.valid("param").listId, c.req.valid("json"));
    return c.json({ success: true as const, list }, 200);
  });
