import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { KeyIdParams } from "../keys/schemas";
import { revokeKey } from "../keys/service";

export const revokeKeyRoute = adminRoute({
  method: "delete",
  path: "/admin/keys/{keyId}",
  operationId: "adminRevokeKey",
  scope: "keys:write",
  summary: "Revoke an API key",
  description: "Refused everywhere within 10 seconds; idempotent.",
  request: { params: KeyIdParams },
  responses: { 200: jsonContent(z.object({ success: z.literal(true) }), "Revoked") },
});

export const registerRevokeKey = (app: App) =>
  app.openapi(revokeKeyRoute, async (c) => {
    await revokeKey(c.get("op"), c.req.valid("param").keyId);
    return c.json({ success: true as const }, 200);
  });
