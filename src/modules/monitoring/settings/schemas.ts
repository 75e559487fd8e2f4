import { z } from "@hono/zod-openapi";
import { DEFAULT_ALERT_SCORE } from "../domain/risk-score";
import { isTimeZone, SCHEDULE_FREQUENCIES } from "../domain/schedule";

/**
 * Monitoring's settings fields, shared by PUT /v1/monitoring/settings and the operator's tenant
 * settings (admin/schemas.ts imports them: admin sits above monitoring).
 */
export const MonitoringScheduleSettingSchema = z
  .strictObject({
    frequency: z.enum(SCHEDULE_FREQUENCIES).optional().openapi({
      description:
        "Portfolio runs: off, hourly (at the start of each local hour) or daily (at `hour`); default daily",
    }),
    hour: z
      .number()
      .int()
      .min(0)
      .max(23)
      .optional()
      .openapi({ description: "Local hour (0-23) of a daily run; default 2" }),
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .refine(isTimeZone, { message: "timeZone must be an IANA time zone name, such as Africa/Accra" })
      .nullable()
      .optional()
      .openapi({
        description: "IANA zone the hour is read in; absent or null: the tenant's timeZone setting, else UTC",
        example: "Africa/Accra",
      }),
  })
  .openapi("MonitoringScheduleSetting", {
    description:
      "Scheduled portfolio monitoring (docs/methodology/monitoring.md#schedule-portfolio-runs); fields left out keep their value",
  });

/** The alert budget: the subject risk score from which screening raises alerts. */
export const AlertScoreField = z
  .number()
  .min(0)
  .max(100)
  .openapi({
    description: `Subject risk score (0-100) from which a screening raises alerts and opens cases; hits below it are not raised (docs/methodology/risk-score.md). Default ${DEFAULT_ALERT_SCORE}, calibrated on the detection benchmark; 0 raises every hit`,
    example: DEFAULT_ALERT_SCORE,
  });

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
