import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import {
  adminRoute,
  jsonContent,
  PaginationQuery,
  PaginationSchema,
  pagination,
} from "../../../http/openapi";
import { listTenants } from "../tenants/service";

export const listTenantsRoute = adminRoute({
  method: "get",
  path: "/admin/tenants",
  operationId: "adminListTenants",
  scope: "tenants:read",
  summary: "List tenants",
  description: "Newest first.",
  request: { query: PaginationQuery },
  responses: {
    200: jsonContent(async () => {
      const { TenantSchema } = await import("../responses");
      return z.object({
        success: z.literal(true),
        data: z.array(TenantSchema),
        pagination: PaginationSchema,
      });
    }, "Tenants"),
  },
});

export const registerListTenants = (app: App) =>
  app.openapi(listTenantsRoute, async (c) => {
    const { limit, offset, cursor } = c.req.valid("query");
    const { data, page } = await listTenants(c.env, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
