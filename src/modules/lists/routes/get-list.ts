import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { ListIdParams } from "../schemas";
import { getList } from "../service";

export const getListRoute = tenantRoute({
  method: "get",
  path: "/v1/lists/{listId}",
  operationId: "getList",
  tags: ["Lists"],
  summary: "Get a list",
  description: "Archived lists too, with archivedAt.",
  scope: "aml:read",
  request: { params: ListIdParams },
  responses: {
    200: jsonContent(async () => {
      const { ListSchema } = await import("../responses");
      return z.object({ success: z.literal(true), list: ListSchema });
    }, "The list"),
  },
});

export const registerGetList = (app: App) =>
  app.openapi(getListRoute, async (c) => {
    const list = await getList(c.get("ctx"), c.req.valid("param").listId);
    return c.json({ success: true as const, list }, 200);
  });
