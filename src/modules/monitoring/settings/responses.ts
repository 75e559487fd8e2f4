import { z } from "@hono/zod-openapi";
import { SCHEDULE_FREQUENCIES } from "../domain/schedule";

// Response shapes of modules/monitoring/settings: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const MonitoringSettingsView = z
  .object({
    onArrival: z.boolean().openapi({ description: "Transactions' entities are screened as they arrive" }),
    alertScore: z.number().openapi({
      description:
        "Subject risk score (0-100) from which a screening raises alerts (docs/methodology/risk-score.md)",
    }),
    schedule: z.object({
      frequency: z.enum(SCHEDULE_FREQUENCIES),
      hour: z.number().int().min(0).max(23).openapi({ description: "Local hour of a daily run" }),
      timeZone: z.string().openapi({ description: "IANA zone the schedule is read in" }),
      timeZoneFromTenant: z.boolean().openapi({
        description: "The zone is the tenant's timeZone setting (or UTC), not one set on the schedule",
      }),
    }),
  })
  .openapi("MonitoringSettingsView", { description: "Monitoring settings in force, defaults filled in" });

export const MonitoringSettingsResponse = z
  .object({ success: z.literal(true), settings: MonitoringSettingsView })
  .openapi("MonitoringSettingsResponse");
