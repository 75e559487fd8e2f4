import { z } from "@hono/zod-openapi";
import { AmountDecimalInput, AmountInput, IsoDateTime } from "../../../http/openapi";

/**
 * A reported balance: a decimal string like every other amount of the API; a JSON number (major
 * units) is still accepted because existing clients send one (docs/methodology/agent-float.md).
 */
const Balance = z.union([AmountDecimalInput, AmountInput]).openapi({
  description:
    'Major units as a decimal string ("1250.00"); a JSON number is still accepted (deprecated, for existing clients)',
});

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
          floatBalance: Balance,
          cashBalance: z.union([AmountDecimalInput, AmountInput]).nullable().optional().openapi({
            description: "The outlet's cash, when known (decimal string; a number is still accepted)",
          }),
        }),
      )
      .min(1)
      .max(500),
  })
  .openapi("AgentFloatReports");
