import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { RecountParams } from "../../usage/recount/schemas";
import { getRecount } from "../../usage/recount/service";

export const getObjectRecountRoute = adminRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/object-recounts/{recountId}",
  operationId: "adminGetObjectRecount",
  scope: "tenants:read",
  summary: "Get an R2 object recount",
  description: "A recount of a tenant's R2 objects: pages listed, figures per kind, the totals it replaced.",
  request: { params: RecountParams },
  fresh: true,
  responses: {
    200: jsonContent(
      async () => (await import("../../usage/recount/responses")).ObjectRecountResponse,
      "The recount",
    ),
  },
});

export const registerGetObjectRecount = (app: App) =>
  app.openapi(getObjectRecountRoute, async (c) => {
    const { tenantId, recountId } = c.req.valid("param");
    return c.json({ success: true as const, recount: await getRecount(c.env, tenantId, recountId) }, 200);
  });
