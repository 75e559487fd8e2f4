import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { listKeys } from "../keys/service";
import { TenantIdParams } from "../schemas";

export const listKeysRoute = adminRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/keys",
  operationId: "adminListKeys",
  scope: "keys:read",
  summary: "List a tenant's API keys",
  description: "Never the key or its hash.",
  request: { params: TenantIdParams },
  responses: {
    200: jsonContent(async () => {
      const { ApiKeySchema } = await import("../keys/responses");
      return z.object({ success: z.literal(true), data: z.array(ApiKeySchema) });
    }, "Keys"),
  },
});

export const registerListKeys = (app: App) =>
  app.openapi(listKeysRoute, async (c) => {
    const data = await listKeys(c.env, c.req.valid("param").tenantId);
    return c.json({ success: true as const, data }, 200);
  });
