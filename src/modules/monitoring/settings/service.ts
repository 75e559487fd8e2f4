/**
 * The tenant's own monitoring settings (GET/PUT /v1/monitoring/settings). They live in the
 * tenant row on the control database, so the write goes through the admin tenants service (by a
 * port, ./steps/tenant-settings.ts: admin sits above monitoring): the row and its audit entry in
 * one CONTROL_DB batch, attributed to the API key. The tenant's audit log (GET /v1/audit) lists
 * control entries that name it, so the entry is there too, and it exists if and only if the
 * change does (a shard entry could not share the control batch).
 */
import type { MonitoringSettings, TenantSettings } from "../../../db/control-schema";
import type { TenantContext } from "../../../db/tenant-context";
import { operatorContext, tenantActor } from "../../audit/service";
import { alertScoreOf } from "../domain/risk-score";
import { effectiveSchedule } from "../domain/schedule";
import { updateTenant } from "./steps/tenant-settings";

/** The settings in force: defaults filled in, the schedule's zone resolved. */
export function presentMonitoringSettings(settings: TenantSettings) {
  const schedule = settings.monitoring?.schedule;
  return {
    onArrival: settings.monitoring?.onArrival !== false,
    alertScore: alertScoreOf(settings),
    schedule: {
      ...effectiveSchedule(schedule, settings.timeZone),
      timeZoneFromTenant: !schedule?.timeZone,
    },
  };
}

export const monitoringSettings = (ctx: TenantContext) => presentMonitoringSettings(ctx.tenant.settings);

/** Fields given replace theirs (schedule fields one by one); fields left out keep their value. */
export async function updateMonitoringSettings(ctx: TenantContext, patch: MonitoringSettings) {
  const op = operatorContext(ctx.env, tenantActor(ctx), ctx.requestId, ctx.clock);
  const tenant = await updateTenant(
    op,
    ctx.tenantId,
    { settings: { monitoring: patch } },
    "monitoring.settings_updated",
  );
  return presentMonitoringSettings(tenant.settings);
}
