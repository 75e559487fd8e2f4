import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull, PaginationSchema } from "../../http/openapi";
import { BANDS } from "./domain/bands";
import { TRENDS } from "./domain/trend";

// Response shapes of modules/bhi: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const Score = z
  .string()
  .openapi({ example: "72.45", description: "0-100, decimal string, 2 fraction digits" });

export const BhiAlertSchema = z
  .object({
    type: z.string().openapi({ example: "low_liquidity" }),
    severity: z.string().openapi({ example: "warning", description: "warning or critical" }),
    message: z.string(),
    metric: z.string(),
    currentValue: z.number(),
    threshold: z.number(),
  })
  .openapi("BHIAlert");

export const BhiReasonSchema = z
  .object({
    factor: z.string().openapi({ example: "liquidity" }),
    score: z.number(),
    weight: z.number(),
    contribution: z
      .number()
      .openapi({ description: "score x weight, 2 decimals; contributions sum to bhiOverall" }),
    direction: z
      .string()
      .openapi({ example: "positive", description: "positive (>= 65), neutral, negative (< 50)" }),
    explanation: z.string(),
  })
  .openapi("BHIReason");

const ComponentWeights = z.object({
  liquidity: z.number(),
  volatility: z.number(),
  revenueStability: z.number(),
  expenseRatio: z.number(),
  paymentBehavior: z.number(),
});

export const BhiRecordSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    customerId: z.uuid(),
    bhiOverall: Score,
    bhiBand: z.enum(BANDS),
    liquidityScore: Score,
    volatilityScore: Score,
    revenueStabilityScore: Score,
    expenseRatioScore: Score,
    paymentBehaviorScore: Score,
    trend: z.enum(TRENDS),
    previousBhi: Score.nullable(),
    bhiChangePercent: z.string().nullable().openapi({ example: "-5.84" }),
    inputMetrics: z
      .record(z.string(), z.number())
      .optional()
      .openapi({ description: "Omitted from calculate-from-db results unless includeDetails" }),
    reasons: z.array(BhiReasonSchema).optional(),
    alerts: z.array(BhiAlertSchema),
    componentWeights: ComponentWeights,
    calculationVersion: z.string(),
    isLatest: z.boolean(),
    createdAt: IsoDateTime,
  })
  .openapi("BHIRecord");

export const BhiHistoryRecordSchema = z
  .object({
    id: z.uuid(),
    bhiOverall: Score,
    bhiBand: z.enum(BANDS),
    liquidityScore: Score,
    volatilityScore: Score,
    revenueStabilityScore: Score,
    expenseRatioScore: Score,
    paymentBehaviorScore: Score,
    trend: z.enum(TRENDS),
    calculationVersion: z.string().openapi({
      description:
        "The methodology version this record was calculated with (docs/methodology/bhi.md#versions); kept as recorded",
    }),
    recordedAt: IsoDateTime,
  })
  .openapi("BHIHistoryRecord");

const BandCounts = z.object({
  excellent: z.number().int(),
  good: z.number().int(),
  fair: z.number().int(),
  poor: z.number().int(),
  critical: z.number().int(),
});

export const BhiSummarySchema = z
  .object({
    totalCustomers: z.number().int().openapi({ description: "Customers with a latest record" }),
    averageBhi: z.number(),
    byBand: BandCounts,
    byTrend: z.object({
      improving: z.number().int(),
      stable: z.number().int(),
      declining: z.number().int(),
      volatile: z.number().int(),
    }),
    alertCount: z.number().int().openapi({ description: "Alerts on the latest records" }),
  })
  .openapi("BHISummary");

export const BhiCalculationResultSchema = z
  .object({
    customerId: z.uuid(),
    bhi: orNull(BhiRecordSchema),
    alerts: z.array(BhiAlertSchema),
    isSignificantChange: z.boolean(),
    persisted: z.boolean(),
    error: z.object({ code: z.string(), message: z.string() }).optional().openapi({
      description: "Why this customer was not calculated (not_found, insufficient_data, write_failed)",
    }),
  })
  .openapi("BHICalculationResult");

export const CalculateResponse = z
  .object({
    success: z.literal(true),
    results: z.array(BhiCalculationResultSchema),
    summary: z.object({
      total: z.number().int(),
      successful: z.number().int(),
      failed: z.number().int(),
      byBand: BandCounts,
      alertCount: z.number().int(),
    }),
  })
  .openapi("BHICalculateResponse");

export const BhiJobSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(["pending", "running", "succeeded", "failed"]),
    total: z.number().int(),
    processed: z.number().int(),
    successful: z.number().int(),
    failed: z.number().int(),
    alertCount: z.number().int(),
    error: z.string().nullable().openapi({ description: "Last error of a slice (it is retried)" }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    completedAt: IsoDateTime.nullable(),
  })
  .openapi("BHIJob");

export const CalculateAccepted = z
  .object({
    success: z.literal(true),
    jobId: z.uuid(),
    job: BhiJobSchema,
    joined: z.boolean().openapi({
      description:
        "true: an all-customers run with the same weights was already pending or running, and this is that job; no second job was started",
    }),
    message: z.string(),
  })
  .openapi("BHICalculateAccepted");

export const BhiListResponse = z.object({
  success: z.literal(true),
  data: z.array(BhiRecordSchema),
  pagination: PaginationSchema,
});

export const BhiHistoryResponse = z.object({
  success: z.literal(true),
  customerId: z.string(),
  history: z.array(BhiHistoryRecordSchema),
  pagination: PaginationSchema,
});
