import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { AuditQuerySchema } from "../schemas";
import { listTenantAudit } from "../service";

export const listTenantAuditLogRoute = tenantRoute({
  method: "get",
  path: "/v1/audit-log",
  operationId: "listAuditLog",
  tags: ["Audit"],
  summary: "List the tenant's audit log",
  description:
    "Its own changes and the operator's changes to it, newest first. " +
    "Append-only. Entries of the tenant's own API keys (AML thresholds, webhook subscriptions and secrets) " +
    "and of operators acting on this tenant (settings, keys, connectors) are merged newest first. " +
    "Secrets never appear in `before`/`after`.",
  scope: "audit:read",
  request: { query: AuditQuerySchema },
  responses: { 200: jsonContent(async () => (await import("../responses")).AuditLogPage, "Audit entries") },
});

export const registerListTenantAuditLog = (app: App) =>
  app.openapi(listTenantAuditLogRoute, async (c) => {
    const { limit, offset, cursor, ...query } = c.req.valid("query");
    const { data, page } = await listTenantAudit(c.get("ctx"), query, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
