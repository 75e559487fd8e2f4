import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, errorResponses, jsonBody, jsonContent } from "../../../http/openapi";
import { KeyIdParams, RotateKeyBody } from "../keys/schemas";
import { rotateKey } from "../keys/service";

export const rotateKeyRoute = adminRoute({
  method: "post",
  path: "/admin/keys/{keyId}/rotate",
  operationId: "adminRotateKey",
  scope: "keys:write",
  summary: "Rotate an API key",
  description: "A new key now; the old one keeps working for the grace period.",
  request: { params: KeyIdParams, body: jsonBody(RotateKeyBody, false) },
  responses: {
    201: jsonContent(async () => {
      const { NewApiKeySchema } = await import("../keys/responses");
      return z.object({
        success: z.literal(true),
        apiKey: NewApiKeySchema,
        previous: z.object({ id: z.uuid(), expiresAt: z.string() }),
      });
    }, "The new key (shown only here) and when the old one stops working"),
    ...errorResponses(409),
  },
});

export const registerRotateKey = (app: App) =>
  app.openapi(rotateKeyRoute, async (c) => {
    const body = RotateKeyBody.parse(c.req.valid("json") ?? {});
    const result = await rotateKey(c.get("op"), c.req.valid("param").keyId, body.graceSeconds);
    return c.json({ success: true as const, ...result }, 201);
  });
