import type { App } from "../../../http/context";
import { adminRoute, errorResponses, jsonContent } from "../../../http/openapi";
import { TenantIdParams } from "../../admin/schemas";
import { requestExport } from "../service";

export const requestExportRoute = adminRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/exports",
  operationId: "adminRequestTenantExport",
  scope: "exports:write",
  summary: "Export a tenant's data",
  description:
    "All of a tenant's data, to R2 (every table as NDJSON pages, its R2 objects, control rows, a " +
    "manifest with SHA-256 per part); runs on the jobs queue.",
  request: { params: TenantIdParams },
  responses: {
    202: jsonContent(
      async () => (await import("../responses")).TenantExportResponse,
      "Queued; follow it at GET .../exports/{exportId}",
    ),
    ...errorResponses(409),
  },
});

export const registerRequestExport = (app: App) =>
  app.openapi(requestExportRoute, async (c) => {
    const exported = await requestExport(c.get("op"), c.req.valid("param").tenantId);
    return c.json({ success: true as const, export: exported }, 202);
  });
