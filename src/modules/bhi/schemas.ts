import { z } from "@hono/zod-openapi";
import { booleanQuery, PaginationQuery } from "../../http/openapi";
import { BANDS } from "./domain/bands";
import { TRENDS } from "./domain/trend";

/** Relative weight: 0..1000 (normalised afterwards, so only ratios matter; the cap keeps sums finite). */
const Weight = z.number().min(0).max(1000);

export const BhiWeightsSchema = z
  .object({
    liquidity: Weight.optional(),
    volatility: Weight.optional(),
    revenueStability: Weight.optional(),
    expenseRatio: Weight.optional(),
    paymentBehavior: Weight.optional(),
  })
  .strict()
  .openapi("BHIWeights", {
    description:
      "Relative weights, each 0..1000 and not all zero (absent = 0; all zero is a 400 on `weights`); normalised to sum to 1. Default 0.25/0.20/0.20/0.20/0.15.",
  });

export const CalculateBody = z
  .object({
    customerId: z.uuid().optional(),
    customerIds: z.array(z.uuid()).max(1_000).optional(),
    weights: BhiWeightsSchema.optional(),
    includeDetails: z.boolean().optional().openapi({
      description: "inputMetrics and reasons in each result; default true when customers are named",
    }),
  })
  .strict()
  .openapi("BHICalculateRequest");

export const BhiListQuery = PaginationQuery.extend({
  customerId: z.uuid().optional(),
  bhiBand: z.enum(BANDS).optional(),
  trend: z.enum(TRENDS).optional(),
  isLatest: booleanQuery(true).openapi({ description: "Only each customer's latest record (default true)" }),
});
