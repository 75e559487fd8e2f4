import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonBody, jsonContent } from "../../../http/openapi";
import { KeyIdParams, KeyRateLimitBody } from "../keys/schemas";
import { setKeyRateLimit } from "../keys/service";

export const setKeyRateLimitRoute = adminRoute({
  method: "put",
  path: "/admin/keys/{keyId}/rate-limit",
  operationId: "adminSetKeyRateLimit",
  scope: "keys:write",
  summary: "Set or clear a key's rate limit",
  description:
    "The key's own limit, in requests a minute; audited. " +
    "Overrides the tenant's rateLimitPerMinute for this key alone (RateLimit-Limit shows it); null clears the " +
    "override. Kept across rotation. Setting the value already in force records nothing.",
  request: { params: KeyIdParams, body: jsonBody(KeyRateLimitBody) },
  responses: {
    200: jsonContent(
      z.object({
        success: z.literal(true),
        apiKey: z.object({ id: z.uuid(), rateLimitPerMinute: z.number().int().nullable() }),
      }),
      "The key's override now in force",
    ),
  },
});

export const registerSetKeyRateLimit = (app: App) =>
  app.openapi(setKeyRateLimitRoute, async (c) => {
    const { rateLimitPerMinute } = c.req.valid("json");
    const apiKey = await setKeyRateLimit(c.get("op"), c.req.valid("param").keyId, rateLimitPerMinute);
    return c.json({ success: true as const, apiKey }, 200);
  });
