import type { App } from "../../../http/context";
import { adminRoute, jsonBody, jsonContent } from "../../../http/openapi";
import { StartMoveBody } from "../moves/schemas";
import { startMove } from "../moves/service";
import { TenantIdParams } from "../schemas";

export const startTenantMoveRoute = adminRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/moves",
  operationId: "adminStartTenantMove",
  scope: "moves:write",
  summary: "Move a tenant to another shard",
  description:
    "Online, or resumes its running move to that shard. " +
    "Copies every table of the tenant in pages on the jobs queue, catches up what changed meanwhile, pauses the " +
    "tenant's writes for the cut-over (they answer 503 with Retry-After; reads go on), verifies row counts and content " +
    "hashes per table, switches the tenant's shard, then deletes the old copy. Follow it with GET .../moves/{moveId}. " +
    "A move that fails before its switch (a unit failing 10 times in a row, or the tenant gone) deletes its partial " +
    "copy from the target (step rollback) and ends failed. 409 when the tenant is already on that shard, a move to " +
    "another shard runs, or a failed move is still rolling back.",
  request: { params: TenantIdParams, body: jsonBody(StartMoveBody) },
  responses: {
    202: jsonContent(
      async () => (await import("../moves/responses")).TenantMoveResponse,
      "The move (running)",
    ),
  },
});

export const registerStartTenantMove = (app: App) =>
  app.openapi(startTenantMoveRoute, async (c) => {
    const move = await startMove(c.get("op"), c.req.valid("param").tenantId, c.req.valid("json"));
    return c.json({ success: true as const, move }, 202);
  });
