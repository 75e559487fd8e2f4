import { z } from "@hono/zod-openapi";

export const WindowDays = z.coerce
  .number()
  .int()
  .min(7)
  .max(365)
  .default(90)
  .openapi({ description: "Days of transactions ending now, 7..365 (default 90)", example: 90 });

export const SmeWindowQuery = z.object({ windowDays: WindowDays });

export const SmeCalculateBody = z
  .object({
    customerId: z.uuid(),
    windowDays: z.number().int().min(7).max(365).default(90).openapi({ description: "7..365, default 90" }),
    includeCohort: z.boolean().default(true),
    includeNarrative: z.boolean().default(true),
  })
  .strict()
  .openapi("SMEHealthCalculateRequest");
