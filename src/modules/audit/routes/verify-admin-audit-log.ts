import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { verifyAuditLog } from "../chain/service";
import { AuditVerifyQuerySchema } from "../schemas";

export const verifyAdminAuditLogRoute = adminRoute({
  method: "get",
  path: "/admin/audit-log/verify",
  operationId: "adminVerifyAuditLog",
  scope: "audit:read",
  summary: "Verify an audit log's hash chain",
  description:
    "Recomputes the keyed hash chain of the operator log, or of one tenant's own log, from genesis, " +
    "and seals the entries written since the last verification into it. An entry edited, removed or " +
    "reordered outside the service is named in firstBrokenAt.",
  request: { query: AuditVerifyQuerySchema },
  responses: {
    200: jsonContent(async () => (await import("../responses")).AuditLogVerification, "Verification"),
  },
});

export const registerVerifyAdminAuditLog = (app: App) =>
  app.openapi(verifyAdminAuditLogRoute, async (c) => {
    const result = await verifyAuditLog(c.env, c.get("requestId"), c.req.valid("query").tenantId);
    return c.json({ success: true as const, ...result }, 200);
  });
