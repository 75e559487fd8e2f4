import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull } from "../../http/openapi";
import { PERFORMANCE_LABELS } from "./domain/benchmarks";
import { OVERALL_TRENDS } from "./domain/health";
import { GROWTH_TRENDS } from "./domain/metrics";
import { DISCLAIMER } from "./domain/narrative";

// Response shapes of modules/sme: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const Disclaimer = z.string().openapi({ example: DISCLAIMER });

const Score = z
  .number()
  .min(0)
  .max(100)
  .openapi({ example: 72.45, description: "0-100, 2 decimals, higher is healthier" });

export const SmeMetricsSchema = z
  .object({
    stabilityIndex: Score,
    growthTrend: z.enum(GROWTH_TRENDS),
    growthRatePercent: z
      .number()
      .openapi({ description: "Inflow of the newer half of the window vs the older half, -100..1000" }),
    diversificationIndex: Score,
    seasonalityScore: Score.openapi({
      description: "Resilience to peak periods: 100 = inflow spread evenly",
    }),
    cashFlowHealth: Score,
    activityIndex: Score,
  })
  .openapi("SMEHealthMetrics");

export const SmeEvidenceSchema = z
  .object({ metric: z.string(), value: z.number(), interpretation: z.string() })
  .openapi("SMEHealthEvidence");

export const SmeHealthSchema = z
  .object({
    metrics: SmeMetricsSchema,
    overallScore: Score,
    overallTrend: z.enum(OVERALL_TRENDS),
    confidenceScore: z.number().min(0).max(1).openapi({ description: "Data sufficiency, 0..1" }),
    evidence: z.array(SmeEvidenceSchema),
  })
  .openapi("SMEHealth");

const Bound = z.number().nullable().openapi({ description: "Exclusive upper bound; null = none" });

export const SmeCohortSchema = z
  .object({
    cohortId: z.string().openapi({ example: "t2-v2" }),
    name: z.string(),
    description: z.string(),
    criteria: z.object({
      minMonthlyTransactions: z.number(),
      maxMonthlyTransactions: Bound,
      minMonthlyVolume: z.number().openapi({ description: "Money in plus out per 30 days, tenant currency" }),
      maxMonthlyVolume: Bound,
    }),
  })
  .openapi("SMECohort");

export const CohortPlacementSchema = z
  .object({
    cohort: SmeCohortSchema,
    comparedAgainst: z.object({ cohortId: z.string(), sampleSize: z.number().int() }).nullable().openapi({
      description:
        "Peers the rankings use: the cohort, or `all` when it has fewer than 5; null when neither has 5",
    }),
    percentileRankings: z.record(z.string(), z.number()),
    overallPercentile: z.number().nullable().openapi({ description: "null when there are too few peers" }),
    performanceLabel: z.enum(PERFORMANCE_LABELS),
    benchmarkComparison: z.object({
      aboveBenchmark: z.array(z.string()),
      atBenchmark: z.array(z.string()),
      belowBenchmark: z.array(z.string()),
    }),
  })
  .openapi("CohortPlacement");

export const SmeNarrativeSchema = z
  .object({
    executiveSummary: z.string(),
    sections: z.array(z.object({ title: z.string(), content: z.string() })),
    keyInsights: z.array(z.string()),
    evidencePoints: z.array(z.string()),
    disclaimer: Disclaimer,
  })
  .openapi("SMEHealthNarrative");

export const SmeHealthResponse = z
  .object({
    success: z.literal(true),
    customerId: z.uuid(),
    customerName: z.string(),
    health: SmeHealthSchema,
    cohort: orNull(CohortPlacementSchema).openapi({ description: "null when includeCohort is false" }),
    narrative: orNull(SmeNarrativeSchema).openapi({ description: "null when includeNarrative is false" }),
    evaluatedAt: IsoDateTime,
    windowDays: z.number().int(),
    assessmentId: z
      .uuid()
      .nullable()
      .openapi({ description: "The stored assessment; null when computed on demand" }),
    source: z.enum(["calculated", "stored", "computed"]).openapi({
      description:
        "calculated: by this POST and stored; stored: a fresh stored assessment; computed: from current data, not stored",
    }),
    calculationVersion: z.string(),
    benchmarkSnapshotId: z
      .uuid()
      .nullable()
      .openapi({ description: "The cohort benchmark snapshot the placement was ranked against" }),
    disclaimer: Disclaimer,
  })
  .openapi("SMEHealthResponse");

const Distribution = z.object({ p25: z.number(), p50: z.number(), p75: z.number(), mean: z.number() });

export const CohortBenchmarkSchema = z
  .object({
    cohortId: z.string(),
    name: z.string(),
    description: z.string(),
    criteria: SmeCohortSchema.shape.criteria,
    sampleSize: z.number().int(),
    metrics: z.record(z.string(), Distribution).openapi({ description: "Empty when sampleSize is 0" }),
    computedAt: IsoDateTime,
  })
  .openapi("CohortBenchmark");

export const BenchmarksResponse = z
  .object({
    success: z.literal(true),
    cohorts: z.array(CohortBenchmarkSchema),
    totalCount: z.number().int(),
    windowDays: z.number().int(),
    snapshotId: z.uuid(),
    computedAt: IsoDateTime,
    disclaimer: Disclaimer,
  })
  .openapi("CohortBenchmarkList");
