import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { OperatorTokenIdParams } from "../operators/schemas";
import { revokeOperatorToken } from "../operators/service";

export const revokeOperatorTokenRoute = adminRoute({
  method: "delete",
  path: "/admin/operator-tokens/{tokenId}",
  operationId: "adminRevokeOperatorToken",
  scope: "operators:write",
  summary: "Revoke an operator token",
  description:
    "With every token it created, and theirs, down the createdBy chain: all refused on the next request, " +
    "each revocation audited. Idempotent.",
  request: { params: OperatorTokenIdParams },
  responses: { 200: jsonContent(z.object({ success: z.literal(true) }), "Revoked") },
});

export const registerRevokeOperatorToken = (app: App) =>
  app.openapi(revokeOperatorTokenRoute, async (c) => {
    await revokeOperatorToken(c.get("op"), c.req.valid("param").tokenId);
    return c.json({ success: true as const }, 200);
  });
