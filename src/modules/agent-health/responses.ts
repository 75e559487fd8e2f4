import { z } from "@hono/zod-openapi";
import { Money, orNull, TopLevelPagination } from "../../http/openapi";
import { PERFORMANCE_CLASSES } from "./domain/peers";
import { AHI_BANDS, COMPONENT_IDS, FLAG_SEVERITIES, FLAG_TYPES } from "./domain/types";
import { FloatForecastSchema, SummaryForecastSchema } from "./float/responses";
import { DISCLAIMER } from "./present";

// Response shapes of modules/agent-health: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const Disclaimer = z.string().openapi({ example: DISCLAIMER });

const Score = z.number().min(0).max(100);

const AhiComponentSchema = z
  .object({
    componentId: z.enum(COMPONENT_IDS),
    name: z.string(),
    score: Score,
    weight: z.number().min(0).max(1),
    available: z.boolean(),
    interpretation: z.string(),
    rawValue: z.number().nullable().openapi({ description: "The measured value; null when unavailable" }),
    threshold: z.number(),
  })
  .openapi("AhiComponent");

const AgentHealthFlagSchema = z
  .object({
    type: z.enum(FLAG_TYPES),
    severity: z.enum(FLAG_SEVERITIES),
    description: z.string(),
    detectedAt: z.string(),
    daysSinceActivity: z.number().nullable(),
    percentageValue: z.number().nullable(),
    threshold: z.number().nullable(),
    suggestedAction: z.string(),
    counterfactual: z
      .string()
      .optional()
      .openapi({ description: "What would clear the flag (float_stockout_risk)" }),
  })
  .openapi("AgentHealthFlag");

const EvidenceSchema = z
  .object({ metric: z.string(), value: z.number(), interpretation: z.string() })
  .openapi("AgentHealthEvidence");

export const BenchmarkGroupSchema = z
  .object({
    groupId: z.string(),
    name: z.string(),
    sampleSize: z.number().int(),
    metrics: z.object({
      avgTransactionCount30d: z.number(),
      avgTransactionVolume30d: z.number(),
      avgFloatUtilization: z.number().openapi({ description: "Mean floatBalance / floatLimit" }),
      avgAHIScore: Score,
    }),
    percentiles: z
      .object({ p25: z.number(), p50: z.number(), p75: z.number() })
      .openapi({ description: "AHI score quartiles (nearest rank)" }),
    computedAt: z.string().optional().openapi({ description: "When the group's figures were computed" }),
  })
  .openapi("AgentBenchmarkGroup");

const RankingSchema = z
  .object({
    transactionCount: Score,
    transactionVolume: Score,
    floatUtilization: Score.openapi({ description: "Percentile of the float component score" }),
    overallHealth: Score,
  })
  .openapi({ description: "Percentile rank among the group's other agents (ties count half)" });

const GroupComparison = z.object({
  ranking: RankingSchema,
  performanceClass: z.enum(PERFORMANCE_CLASSES),
  benchmarkGroup: BenchmarkGroupSchema,
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
});

const PeerComparisonSchema = GroupComparison.extend({
  regional: GroupComparison.nullable().openapi({ description: "The same against the agent's region" }),
}).openapi("AgentPeerComparison", {
  description: "Against the agent's tier (its region when the tier has no other agent)",
});

export const AgentHealthReportSchema = z
  .object({
    reportId: z.uuid(),
    correlationId: z.uuid(),
    tenantId: z.uuid(),
    agentId: z.string(),
    agentCode: z.string(),
    agentName: z.string().nullable(),
    agentType: z.string(),
    agentTier: z.string(),
    agentStatus: z.string(),
    region: z.string().nullable(),
    ahiScore: Score,
    ahiBand: z.enum(AHI_BANDS),
    components: z.array(AhiComponentSchema),
    flags: z.array(AgentHealthFlagSchema),
    evidence: z.array(EvidenceSchema),
    currency: z.string().openapi({
      example: "GHS",
      description: "Currency of the money figures: the tenant's currency, or the one given to calculate",
    }),
    servesRegions: z.array(z.string()).openapi({
      description: "Regions the agent serves besides its home region (reported, not scored)",
    }),
    peerComparison: orNull(PeerComparisonSchema).openapi({
      description: "null without peers, or when the figures are in another currency than the tenant's",
    }),
    confidenceScore: z.number().min(0).max(1),
    missingDataPoints: z.array(z.string()),
    floatUtilization: z.number().nullable(),
    floatForecast: orNull(FloatForecastSchema).openapi({
      description: "E-float (and cash) stock-out forecast from stored data; null for calculate-from-data",
    }),
    windowDays: z.number().int(),
    computedAt: z.string(),
    calculationVersion: z.string(),
    isDiagnosticOnly: z.literal(true),
    disclaimer: Disclaimer,
  })
  .openapi("AgentHealthReport");

export const ReportResponse = z.object({ success: z.literal(true), report: AgentHealthReportSchema });

const Count = z.number().int().min(0);

export const BenchmarksResponse = z.object({
  success: z.literal(true),
  benchmarks: z.object({
    tierBenchmarks: z.record(z.string(), BenchmarkGroupSchema),
    regionalBenchmarks: z.record(z.string(), BenchmarkGroupSchema),
  }),
  disclaimer: Disclaimer,
});

export const AgentHealthSummarySchema = z
  .object({
    agentId: z.string(),
    agentCode: z.string(),
    agentName: z.string().nullable(),
    agentTier: z.string(),
    agentStatus: z.string(),
    region: z.string().nullable(),
    ahiScore: Score,
    ahiBand: z.enum(AHI_BANDS),
    flagCount: Count,
    criticalFlagCount: Count,
    floatUtilization: z
      .number()
      .nullable()
      .openapi({ description: "floatBalance / floatLimit (0..1 in band)" }),
    floatBalance: Money,
    transactionCount30d: Count,
    transactionVolume30d: Money,
    floatForecast: SummaryForecastSchema,
    computedAt: z.string(),
  })
  .openapi("AgentHealthSummary");

export const SummaryResponse = z.object({
  success: z.literal(true),
  agents: z.array(AgentHealthSummarySchema),
  ...TopLevelPagination,
  disclaimer: Disclaimer,
});

export const RefreshResponse = z.object({
  success: z.literal(true),
  refreshed: z.number().int().openapi({ description: "Agents whose snapshot was recomputed" }),
  computedAt: z.string(),
  disclaimer: Disclaimer,
});

export const RefreshQueuedResponse = z.object({
  success: z.literal(true),
  queued: z.literal(true),
  agents: z.number().int().openapi({ description: "Agents the queued refresh covers" }),
  joined: z.boolean().openapi({ description: "true: joined a refresh already queued or running" }),
  disclaimer: Disclaimer,
});
