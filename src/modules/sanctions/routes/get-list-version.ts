import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { SanctionsVersionParams } from "../lists/schemas";
import { versionChanges } from "../lists/service";

export const getListVersionRoute = adminRoute({
  method: "get",
  path: "/admin/sanctions/lists/{listId}/versions/{version}",
  operationId: "adminGetSanctionsListVersion",
  scope: "sanctions:read",
  summary: "Get a sanctions list version and its diff",
  description: "The version and the references it added, changed and removed.",
  request: { params: SanctionsVersionParams },
  responses: {
    200: jsonContent(async () => {
      const { SanctionsListChangesSchema } = await import("../lists/responses");
      return z.object({ success: z.literal(true), changes: SanctionsListChangesSchema });
    }, "The version and its diff"),
  },
});

export const registerGetListVersion = (app: App) =>
  app.openapi(getListVersionRoute, async (c) => {
    const { listId, version } = c.req.valid("param");
    const changes = await versionChanges(c.get("op"), listId, version);
    return c.json({ success: true as const, changes }, 200);
  });
