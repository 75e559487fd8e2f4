import type { TenantSettings } from "../../../../db/control-schema";
import type { AuditAction } from "../../../audit/domain/types";
import type { OperatorContext } from "../../../audit/service";

/**
 * Where PUT /v1/monitoring/settings writes: the tenant row on the control database, with its
 * audit entry in the same batch, through the admin tenants service (it merges the patch and drops
 * the per-isolate caches of the row). The admin module imports monitoring (its tenant settings
 * schema holds monitoring's), so monitoring does not import admin: it calls this port, which
 * src/ports.ts fills once per isolate with admin/tenants/service.ts (docs/architecture.md#ports).
 */
export type TenantSettingsWriter = (
  op: OperatorContext,
  tenantId: string,
  patch: { settings: TenantSettings },
  action: AuditAction,
) => Promise<{ settings: TenantSettings }>;

let writer: TenantSettingsWriter | null = null;

export function provideTenantSettingsWriter(provided: TenantSettingsWriter | null): void {
  writer = provided;
}

/** Merges `patch` into the tenant's settings, audited as `action`; answers the settings presented. */
export function updateTenant(
  op: OperatorContext,
  tenantId: string,
  patch: { settings: TenantSettings },
  action: AuditAction,
): Promise<{ settings: TenantSettings }> {
  // Unfilled only when src/ports.ts was never imported: a wiring fault, not a setting to drop.
  if (!writer) throw new Error("monitoring/settings: tenant settings port not filled (src/ports.ts)");
  return writer(op, tenantId, patch, action);
}
