import { z } from "@hono/zod-openapi";
import { AmountInput, IsoDateTime } from "../../../http/openapi";

export const HistoryQuery = z
  .object({
    from: IsoDateTime.optional().openapi({
      description: "Default: 7 days (hour) or 90 days (day) before `to`",
    }),
    to: IsoDateTime.optional().openapi({ description: "Default: now" }),
    granularity: z.enum(["hour", "day"]).default("hour"),
  })
  .openapi({ description: "At most 31 days of hours or 366 days of days" });

export const ReportsBody = z
  .strictObject({
    reports: z
      .array(
        z.strictObject({
          reportedAt: IsoDateTime.openapi({ description: "When the balance was read; not in the future" }),
          floatBalance: AmountInput,
          cashBalance: AmountInput.nullable()
            .optional()
            .openapi({ description: "The outlet's cash, when known" }),
        }),
      )
      .min(1)
      .max(500),
  })
  .openapi("AgentFloatReports");
