import { z } from "@hono/zod-openapi";
import { BANDS } from "../bhi/domain/bands";
import { TRENDS } from "../bhi/domain/trend";

export const BhiOverrideSchema = z
  .strictObject({
    bhiOverall: z.number().min(0).max(100).optional(),
    bhiBand: z.enum(BANDS).optional(),
    trend: z.enum(TRENDS).optional(),
  })
  .openapi("NBABhiOverride", {
    description:
      "Replaces the stored latest BHI's overall score, band and trend for this evaluation (band follows from bhiOverall when omitted). Components, alerts and metrics still come from the stored record.",
  });

export const GenerateBody = z
  .strictObject({
    customerId: z.uuid(),
    bhi: BhiOverrideSchema.optional(),
    recordEvent: z.boolean().default(false).openapi({
      description: "Record an `nba.generated` event (when at least one action matched). Needs `nba:write`.",
    }),
  })
  .openapi("NBAGenerateRequest");

export const BatchBody = z
  .strictObject({
    customerIds: z.array(z.uuid()).min(1).max(100),
    recordEvents: z.boolean().default(false).openapi({
      description: "Record `nba.generated` for each customer with at least one action. Needs `nba:write`.",
    }),
  })
  .openapi("NBABatchRequest");
