import type { App } from "../../../http/context";
import { registerConfigureConnector } from "./configure-connector";
import { registerCreateKey } from "./create-key";
import { registerCreateTenant } from "./create-tenant";
import { registerGetTenant } from "./get-tenant";
import { registerListKeys } from "./list-keys";
import { registerListTenants } from "./list-tenants";
import { registerResealSecrets } from "./reseal-secrets";
import { registerRevokeKey } from "./revoke-key";
import { registerRotateKey } from "./rotate-key";
import { registerUpdateTenant } from "./update-tenant";

export function registerAdminRoutes(app: App): void {
  for (const register of [
    registerCreateTenant,
    registerListTenants,
    registerGetTenant,
    registerUpdateTenant,
    registerCreateKey,
    registerListKeys,
    registerRotateKey,
    registerRevokeKey,
    registerConfigureConnector,
    registerResealSecrets,
  ]) {
    register(app);
  }
}
