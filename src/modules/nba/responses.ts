import { z } from "@hono/zod-openapi";
import { PRIORITIES } from "./domain/facts";

// Response shapes of modules/nba: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

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
