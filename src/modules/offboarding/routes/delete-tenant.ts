import type { App } from "../../../http/context";
import { adminRoute, errorResponses, jsonContent } from "../../../http/openapi";
import { TenantIdParams } from "../../admin/schemas";
import { deleteTenant } from "../service";

export const deleteTenantRoute = adminRoute({
  method: "delete",
  path: "/admin/tenants/{tenantId}",
  operationId: "adminDeleteTenant",
  scope: "tenants:write",
  summary: "Delete a tenant",
  description:
    "Its keys stop working with this request, its data (every table, R2 objects, case objects) is " +
    "removed on the jobs queue; a tombstone stays (409 while an export runs). Idempotent: a repeat, or " +
    "duplicates sent at once, answer the same 202 with the one deletion as stored.",
  request: { params: TenantIdParams },
  responses: {
    202: jsonContent(
      async () => (await import("../responses")).TenantDeletionResponse,
      "Deleting; follow it at GET /admin/tenants/{tenantId}/deletion",
    ),
    ...errorResponses(409),
  },
});

export const registerDeleteTenant = (app: App) =>
  app.openapi(deleteTenantRoute, async (c) => {
    const deletion = await deleteTenant(c.get("op"), c.req.valid("param").tenantId);
    return c.json({ success: true as const, deletion }, 202);
  });
