import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { listLists } from "../lists/service";

export const listListsRoute = adminRoute({
  method: "get",
  path: "/admin/sanctions/lists",
  operationId: "adminListSanctionsLists",
  scope: "sanctions:read",
  summary: "List sanctions lists",
  description:
    "Every sanctions list loaded, with its current version number (a handful of lists: not paginated).",
  responses: {
    200: jsonContent(async () => {
      const { SanctionsListSchema } = await import("../lists/responses");
      return z.object({ success: z.literal(true), data: z.array(SanctionsListSchema) });
    }, "The lists"),
  },
});

export const registerListLists = (app: App) =>
  app.openapi(listListsRoute, async (c) => {
    const data = await listLists(c.get("op"));
    return c.json({ success: true as const, data }, 200);
  });
