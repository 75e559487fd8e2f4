import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { startRecount } from "../../usage/recount/service";
import { TenantIdParams } from "../schemas";

export const startObjectRecountRoute = adminRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/object-recounts",
  operationId: "adminStartObjectRecount",
  scope: "tenants:write",
  summary: "Recount a tenant's R2 objects",
  description:
    "Corrects its storage totals (or resumes the running recount). " +
    "Lists the tenant's prefix tenants/{tenantId}/ in pages of 1,000 keys on the jobs queue and, at the end, sets " +
    "its R2 totals per kind (GET /v1/usage, the storage quota) to what the bucket holds. Idempotent: while one " +
    "runs, asking again answers it and re-sends its current turn. Audited (tenant.object_recount_started). " +
    "docs/operations.md#recounting-r2-objects.",
  request: { params: TenantIdParams },
  responses: {
    202: jsonContent(
      async () => (await import("../../usage/recount/responses")).ObjectRecountResponse,
      "The recount (running)",
    ),
  },
});

export const registerStartObjectRecount = (app: App) =>
  app.openapi(startObjectRecountRoute, async (c) => {
    const recount = await startRecount(c.get("op"), c.req.valid("param").tenantId);
    return c.json({ success: true as const, recount }, 202);
  });
