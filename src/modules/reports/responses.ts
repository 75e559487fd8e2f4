import { z } from "@hono/zod-openapi";
import { BhiHistoryRecordSchema, BhiRecordSchema } from "../bhi/responses";

// Response shapes of modules/reports: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const BhiReportSchema = z
  .object({
    success: z.literal(true),
    report: z.object({
      reportId: z.uuid(),
      generatedAt: z.string(),
      tenant: z.object({ id: z.uuid(), name: z.string(), currency: z.string() }),
      customer: z.object({
        id: z.uuid(),
        name: z.string(),
        externalId: z.string(),
        type: z.string(),
        status: z.string(),
        vertical: z.string().nullable(),
        industry: z.string().nullable(),
      }),
      bhi: BhiRecordSchema,
      history: z.array(BhiHistoryRecordSchema).openapi({ description: "Newest first, at most 100" }),
      historyTotal: z.number().int(),
      disclaimer: z.string(),
    }),
  })
  .openapi("BHIReport");
