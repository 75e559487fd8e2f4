import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { SanctionsListParams } from "../lists/schemas";
import { listVersions } from "../lists/service";

export const listListVersionsRoute = adminRoute({
  method: "get",
  path: "/admin/sanctions/lists/{listId}/versions",
  operationId: "adminListSanctionsListVersions",
  scope: "sanctions:read",
  summary: "List a sanctions list's versions",
  description: "The list's versions, newest first, each with its publication date, hash and diff counts.",
  request: { params: SanctionsListParams },
  responses: {
    200: jsonContent(async () => {
      const { SanctionsListVersionSchema } = await import("../lists/responses");
      return z.object({ success: z.literal(true), data: z.array(SanctionsListVersionSchema) });
    }, "The versions"),
  },
});

export const registerListListVersions = (app: App) =>
  app.openapi(listListVersionsRoute, async (c) => {
    const data = await listVersions(c.get("op"), c.req.valid("param").listId);
    return c.json({ success: true as const, data }, 200);
  });
