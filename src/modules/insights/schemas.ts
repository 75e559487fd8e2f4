import { z } from "@hono/zod-openapi";

export const MonthsQuery = z.object({
  months: z.coerce
    .number()
    .int()
    .min(1)
    .max(24)
    .default(12)
    .openapi({ description: "Complete calendar months, 1..24, default 12" }),
});

export const WhatIfChurnRequest = z
  .object({
    churnedCustomerIds: z.array(z.uuid()).max(10_000).optional(),
    churnRatePercent: z.number().min(0).max(100).optional(),
    horizonMonths: z.number().int().min(1).max(36).default(12),
  })
  .strict()
  .openapi("WhatIfChurnRequest", {
    description:
      "Named customers and/or a share of last month's active customers (the smallest by inflow) leave the portfolio.",
  });
