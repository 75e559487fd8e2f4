import { z } from "@hono/zod-openapi";
import { BANDS } from "../bhi/domain/bands";
import { TRENDS } from "../bhi/domain/trend";
import { PRIORITIES } from "./domain/facts";

export const NbaActionSchema = z
  .object({
    id: z.string().openapi({
      description: "Deterministic: `<ruleId>:<customerId>`",
      example: "NBA-LIQ-001:7f3c9a52-1d2e-4b6a-9c1f-2a3b4c5d6e7f",
    }),
    actionType: z.string().openapi({ example: "liquidity_buffer" }),
    ruleId: z.string().openapi({ example: "NBA-LIQ-001" }),
    title: z.string(),
    description: z.string(),
    priority: z.enum(PRIORITIES),
    category: z.string().openapi({ example: "liquidity" }),
    suggestedSteps: z.array(z.string()),
    expectedImpact: z.string(),
    confidence: z.number().min(0).max(1),
  })
  .openapi("NBAAction");

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

const BhiSource = z.enum(["stored", "override", "none"]).openapi({
  description:
    "Where the BHI fields came from: the stored latest record, the request's override, or none known",
});

export const GenerateResponse = z
  .object({
    success: z.literal(true),
    customerId: z.uuid(),
    bhiSource: BhiSource,
    actions: z.array(NbaActionSchema),
    evaluatedRules: z.number().int(),
    matchedRules: z.number().int(),
    eventRecorded: z.boolean(),
  })
  .openapi("NBAGenerateResponse");

export const BatchBody = z
  .strictObject({
    customerIds: z.array(z.uuid()).min(1).max(100),
    recordEvents: z.boolean().default(false).openapi({
      description: "Record `nba.generated` for each customer with at least one action. Needs `nba:write`.",
    }),
  })
  .openapi("NBABatchRequest");

export const BatchResultSchema = z
  .object({
    customerId: z.uuid(),
    status: z.enum(["ok", "failed"]),
    bhiSource: BhiSource.optional(),
    actions: z.array(NbaActionSchema),
    evaluatedRules: z.number().int(),
    matchedRules: z.number().int(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  })
  .openapi("NBABatchResult");

export const BatchResponse = z
  .object({
    success: z.literal(true),
    results: z.array(BatchResultSchema),
    summary: z.object({
      total: z.number().int(),
      successful: z.number().int(),
      failed: z.number().int(),
      actionCount: z.number().int(),
    }),
  })
  .openapi("NBABatchResponse");
