import { z } from "@hono/zod-openapi";
import { MonitoringScheduleSettingSchema } from "../../admin/schemas";
import { SCHEDULE_FREQUENCIES } from "../domain/schedule";

export const MonitoringSettingsView = z
  .object({
    onArrival: z.boolean().openapi({ description: "Transactions' entities are screened as they arrive" }),
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

export const UpdateMonitoringSettingsBody = z
  .strictObject({
    onArrival: z.boolean().optional().openapi({
      description: "Screen the entities of every ingested or synced transaction as it arrives",
    }),
    schedule: MonitoringScheduleSettingSchema.optional(),
  })
  .refine((body) => body.onArrival !== undefined || body.schedule !== undefined, {
    message: "name onArrival or schedule",
    path: ["onArrival"],
  })
  .openapi("UpdateMonitoringSettingsRequest", {
    description: "Fields left out keep their value (so do schedule fields left out)",
  });
