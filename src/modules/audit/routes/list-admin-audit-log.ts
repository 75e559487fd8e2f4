import type { App } from "../../../http/context";
import { adminRoute, jsonContent, pagination } from "../../../http/openapi";
import { AdminAuditQuerySchema } from "../schemas";
import { listOperatorAudit } from "../service";

export const listAdminAuditLogRoute = adminRoute({
  method: "get",
  path: "/admin/audit-log",
  operationId: "adminListAuditLog",
  scope: "audit:read",
  summary: "List the operator and tenant audit log",
  description:
    "Operator actions (CONTROL_DB) and tenants' own actions (every shard, or the tenant's shard when " +
    "tenantId is given), merged newest first. Append-only; secrets never appear.",
  request: { query: AdminAuditQuerySchema },
  responses: { 200: jsonContent(async () => (await import("../responses")).AuditLogPage, "Audit entries") },
});

export const registerListAdminAuditLog = (app: App) =>
  app.openapi(listAdminAuditLogRoute, async (c) => {
    const { limit, offset, cursor, ...query } = c.req.valid("query");
    const { data, page } = await listOperatorAudit(c.env, c.get("requestId"), query, {
      limit,
      offset,
      cursor,
    });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
