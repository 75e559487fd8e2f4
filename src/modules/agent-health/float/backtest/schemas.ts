/** OpenAPI shapes of the float stock-out backtest (run documents in R2). */
import { z } from "@hono/zod-openapi";
import { IsoDateTime } from "../../../../http/openapi";

export const FloatBacktestBody = z
  .strictObject({
    to: IsoDateTime.optional().openapi({
      description: "End of the held-out window (default now; not in the future)",
    }),
    weeks: z.number().int().min(1).max(8).default(4).openapi({
      description:
        "Held-out weeks: cuts from this many weeks before `to` until one week (the horizon) before it",
    }),
    cutEveryHours: z.number().int().min(6).max(168).default(24).openapi({
      description: "Hours between cuts (each cut forecasts every agent as of then)",
    }),
    async: z.boolean().default(false).openapi({ description: "Queue the run (202) whatever its size" }),
  })
  .openapi("AgentFloatBacktestRequest");
