import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { ExportParams } from "../schemas";
import { getExport, presentExport } from "../service";

export const getExportRoute = adminRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/exports/{exportId}",
  operationId: "adminGetTenantExport",
  scope: "exports:read",
  summary: "Get a tenant export",
  description: "Its status and progress.",
  request: { params: ExportParams },
  responses: {
    200: jsonContent(async () => (await import("../responses")).TenantExportResponse, "The export"),
  },
});

export const registerGetExport = (app: App) =>
  app.openapi(getExportRoute, async (c) => {
    const { tenantId, exportId } = c.req.valid("param");
    return c.json(
      { success: true as const, export: presentExport(await getExport(c.env, tenantId, exportId)) },
      200,
    );
  });
