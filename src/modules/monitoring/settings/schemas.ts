import { z } from "@hono/zod-openapi";
import { AlertScoreField, MonitoringScheduleSettingSchema } from "../../admin/schemas";

export const UpdateMonitoringSettingsBody = z
  .strictObject({
    onArrival: z.boolean().optional().openapi({
      description: "Screen the entities of every ingested or synced transaction as it arrives",
    }),
    schedule: MonitoringScheduleSettingSchema.optional(),
    alertScore: AlertScoreField.optional(),
  })
  .refine(
    (body) => body.onArrival !== undefined || body.schedule !== undefined || body.alertScore !== undefined,
    {
      message: "name onArrival, schedule or alertScore",
      path: ["onArrival"],
    },
  )
  .openapi("UpdateMonitoringSettingsRequest", {
    description: "Fields left out keep their value (so do schedule fields left out)",
  });
