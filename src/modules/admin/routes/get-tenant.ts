import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { TenantIdParams } from "../schemas";
import { getTenant, presentTenant } from "../tenants/service";

export const getTenantRoute = adminRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}",
  operationId: "adminGetTenant",
  scope: "tenants:read",
  summary: "Get a tenant",
  request: { params: TenantIdParams },
  responses: {
    200: jsonContent(async () => {
      const { TenantSchema } = await import("../responses");
      return z.object({ success: z.literal(true), tenant: TenantSchema });
    }, "The tenant"),
  },
});

export const registerGetTenant = (app: App) =>
  app.openapi(getTenantRoute, async (c) => {
    const row = await getTenant(c.env, c.req.valid("param").tenantId);
    return c.json({ success: true as const, tenant: presentTenant(row) }, 200);
  });
