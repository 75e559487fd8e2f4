import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { MoveParams } from "../moves/schemas";
import { getMove } from "../moves/service";

export const getTenantMoveRoute = adminRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/moves/{moveId}",
  operationId: "adminGetTenantMove",
  scope: "moves:read",
  summary: "Get a tenant move",
  description: "Its step, progress and figures per table.",
  request: { params: MoveParams },
  fresh: true,
  responses: {
    200: jsonContent(async () => (await import("../moves/responses")).TenantMoveResponse, "The move"),
  },
});

export const registerGetTenantMove = (app: App) =>
  app.openapi(getTenantMoveRoute, async (c) => {
    const { tenantId, moveId } = c.req.valid("param");
    return c.json({ success: true as const, move: await getMove(c.env, tenantId, moveId) }, 200);
  });
