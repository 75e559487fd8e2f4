import type { App } from "../../../http/context";
import { registerAdminAuditRoutes } from "../../audit/routes";
import { registerCancelTenantMove } from "./cancel-tenant-move";
import { registerConfigureConnector } from "./configure-connector";
import { registerCreateKey } from "./create-key";
import { registerCreateOperatorToken } from "./create-operator-token";
import { registerCreateTenant } from "./create-tenant";
import { registerGetObjectRecount } from "./get-object-recount";
import { registerGetTenant } from "./get-tenant";
import { registerGetTenantMove } from "./get-tenant-move";
import { registerListKeys } from "./list-keys";
import { registerListOperatorTokens } from "./list-operator-tokens";
import { registerListShards } from "./list-shards";
import { registerListTenants } from "./list-tenants";
import { registerResealSecrets } from "./reseal-secrets";
import { registerRevokeKey } from "./revoke-key";
import { registerRevokeOperatorToken } from "./revoke-operator-token";
import { registerRotateKey } from "./rotate-key";
import { registerSetKeyRateLimit } from "./set-key-rate-limit";
import { registerStartObjectRecount } from "./start-object-recount";
import { registerStartTenantMove } from "./start-tenant-move";
import { registerUpdateShard } from "./update-shard";
import { registerUpdateTenant } from "./update-tenant";

export function registerAdminRoutes(app: App): void {
  for (const register of [
    registerCreateTenant,
    registerListTenants,
    registerGetTenant,
    registerUpdateTenant,
    registerStartTenantMove,
    registerGetTenantMove,
    registerCancelTenantMove,
    registerStartObjectRecount,
    registerGetObjectRecount,
    registerCreateKey,
    registerListKeys,
    registerRotateKey,
    registerRevokeKey,
    registerSetKeyRateLimit,
    registerConfigureConnector,
    registerResealSecrets,
    registerCreateOperatorToken,
    registerListOperatorTokens,
    registerRevokeOperatorToken,
    registerListShards,
    registerUpdateShard,
    registerAdminAuditRoutes,
  ]) {
    register(app);
  }
}
