import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonBody, jsonContent } from "../../../http/openapi";
import { TenantIdParams, UpdateTenantBody } from "../schemas";
import { updateTenant } from "../tenants/service";

export const updateTenantRoute = adminRoute({
  method: "patch",
  path: "/admin/tenants/{tenantId}",
  operationId: "adminUpdateTenant",
  scope: "tenants:write",
  summary: "Update a tenant",
  description: "Its features or settings, merged into the current values.",
  request: { params: TenantIdParams, body: jsonBody(UpdateTenantBody) },
  responses: {
    200: jsonContent(async () => {
      const { TenantSchema } = await import("../responses");
      return z.object({ success: z.literal(true), tenant: TenantSchema });
    }, "Updated tenant"),
  },
});

export const registerUpdateTenant = (app: App) =>
  app.openapi(updateTenantRoute, async (c) => {
    const tenant = await updateTenant(c.get("op"), c.req.valid("param").tenantId, c.req.valid("json"));
    return c.json({ success: true as const, tenant }, 200);
  });
