import type { App } from "../../../http/context";
import { registerListAdminAuditLog } from "./list-admin-audit-log";
import { registerListTenantAuditLog } from "./list-tenant-audit-log";
import { registerVerifyAdminAuditLog } from "./verify-admin-audit-log";

export const registerTenantAuditRoutes = (app: App) => registerListTenantAuditLog(app);
export const registerAdminAuditRoutes = (app: App) => {
  registerVerifyAdminAuditLog(app);
  registerListAdminAuditLog(app);
};
