import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { MoveParams } from "../moves/schemas";
import { cancelMove } from "../moves/service";

export const cancelTenantMoveRoute = adminRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/moves/{moveId}/cancel",
  operationId: "adminCancelTenantMove",
  scope: "moves:write",
  summary: "Cancel a tenant move",
  description:
    "Before its switch. " +
    "The move rolls back as a failing one does: a write fence it set lifts at once, its partial copy is deleted from " +
    'the target in pages (step rollback), and it ends failed with error "cancelled by the operator". The tenant ' +
    "never leaves its source shard. Audited (tenant.move_cancelled). A move already rolling back is returned as it " +
    "is. 409 when the move has ended, or has switched (the tenant is live on the target: start a move back instead).",
  request: { params: MoveParams },
  responses: {
    202: jsonContent(
      async () => (await import("../moves/responses")).TenantMoveResponse,
      "The move (step rollback)",
    ),
  },
});

export const registerCancelTenantMove = (app: App) =>
  app.openapi(cancelTenantMoveRoute, async (c) => {
    const { tenantId, moveId } = c.req.valid("param");
    return c.json({ success: true as const, move: await cancelMove(c.get("op"), tenantId, moveId) }, 202);
  });
