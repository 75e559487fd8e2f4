import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { TenantIdParams } from "../../admin/schemas";
import { getDeletion } from "../service";

export const getDeletionRoute = adminRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/deletion",
  operationId: "adminGetTenantDeletion",
  scope: "tenants:read",
  summary: "Get a deleted tenant's tombstone",
  description: "Who deleted it, when, what was removed, and the removal's progress.",
  request: { params: TenantIdParams },
  responses: {
    200: jsonContent(async () => (await import("../responses")).TenantDeletionResponse, "The tombstone"),
  },
});

export const registerGetDeletion = (app: App) =>
  app.openapi(getDeletionRoute, async (c) => {
    const deletion = await getDeletion(c.env, c.req.valid("param").tenantId);
    return c.json({ success: true as const, deletion }, 200);
  });
