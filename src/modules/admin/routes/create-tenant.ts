import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, errorResponses, jsonBody, jsonContent } from "../../../http/openapi";
import { CreateTenantBody } from "../schemas";
import { createTenant } from "../tenants/service";

export const createTenantRoute = adminRoute({
  method: "post",
  path: "/admin/tenants",
  operationId: "adminCreateTenant",
  scope: "tenants:write",
  summary: "Create a tenant",
  description: 'Creates the tenant and its first API key (scopes ["*"]).',
  request: { body: jsonBody(CreateTenantBody) },
  responses: {
    201: jsonContent(async () => {
      const { TenantSchema } = await import("../responses");
      const { NewApiKeySchema } = await import("../keys/responses");
      return z.object({ success: z.literal(true), tenant: TenantSchema, apiKey: NewApiKeySchema });
    }, "Tenant created; the key is shown only here"),
    // No `shard` named and every shard closed (or not migrated): nowhere to place it.
    ...errorResponses(409),
  },
});

export const registerCreateTenant = (app: App) =>
  app.openapi(createTenantRoute, async (c) => {
    const result = await createTenant(c.get("op"), c.req.valid("json"));
    return c.json({ success: true as const, ...result }, 201);
  });
