import { z } from "@hono/zod-openapi";
import {
  AmountInput,
  booleanQuery,
  CountInput,
  IsoDateTime,
  Money,
  orNull,
  PaginationQuery,
  TopLevelPagination,
} from "../../http/openapi";
import { PERFORMANCE_CLASSES } from "./domain/peers";
import {
  AGENT_STATUSES,
  AGENT_TIERS,
  AGENT_TYPES,
  AHI_BANDS,
  COMPONENT_IDS,
  FLAG_SEVERITIES,
  FLAG_TYPES,
} from "./domain/types";
import { FloatForecastSchema, SummaryForecastSchema } from "./float/schemas";
import { DISCLAIMER } from "./present";

const Disclaimer = z.string().openapi({ example: DISCLAIMER });
const Score = z.number().min(0).max(100);
const AgentIdParam = z
  .string()
  .min(1)
  .max(100)
  .openapi({ param: { name: "agentId", in: "path" }, description: "The tenant's own agent identifier" });

export const AgentIdParams = z.object({ agentId: AgentIdParam });

export const AgentHealthQuery = z.object({
  windowDays: z.coerce
    .number()
    .int()
    .min(7)
    .max(90)
    .default(30)
    .openapi({ description: "7..90, default 30" }),
  includePeerComparison: booleanQuery(true).openapi({ description: "default true" }),
});

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

export const CalculateBody = z
  .object({
    agentId: z.string().min(1).max(100),
    agentCode: z.string().min(1).max(100),
    agentName: z.string().max(200).optional(),
    agentType: z.enum(AGENT_TYPES).default("individual"),
    agentTier: z.enum(AGENT_TIERS),
    agentStatus: z.enum(AGENT_STATUSES),
    floatBalance: AmountInput,
    floatLimit: AmountInput,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "ISO 4217 code")
      .optional()
      .openapi({
        example: "GHS",
        description:
          "ISO 4217 currency of the money figures. Default: the tenant's currency (GHS unless the operator set another). Peers are the tenant's agents, whose figures are in the tenant's currency, so another currency gets no peer comparison (peerBenchmarks in missingDataPoints).",
      }),
    transactionCount30d: CountInput.optional(),
    transactionCount7d: CountInput.optional().openapi({ description: "Not above transactionCount30d" }),
    previousPeriodCount: CountInput.optional(),
    cashInCount30d: CountInput.optional(),
    cashOutCount30d: CountInput.optional(),
    transactionVolume30d: AmountInput.optional(),
    transactionVolume7d: AmountInput.optional().openapi({ description: "Not above transactionVolume30d" }),
    previousPeriodVolume: AmountInput.optional(),
    cashInVolume30d: AmountInput.optional(),
    cashOutVolume30d: AmountInput.optional(),
    lastTransactionAt: IsoDateTime.optional(),
    activatedAt: IsoDateTime.optional(),
    createdAt: IsoDateTime.optional(),
    region: z.string().min(1).max(100).optional(),
    servesRegions: z.array(z.string().min(1).max(100)).max(50).optional().openapi({
      description: "Regions the agent serves besides `region`; returned in the report, not scored",
    }),
    includePeerComparison: z.boolean().default(true),
  })
  .refine(
    (b) =>
      b.transactionCount7d === undefined ||
      b.transactionCount30d === undefined ||
      b.transactionCount7d <= b.transactionCount30d,
    {
      message: "transactionCount7d cannot exceed transactionCount30d",
      path: ["transactionCount7d"],
    },
  )
  .refine(
    (b) =>
      b.transactionVolume7d === undefined ||
      b.transactionVolume30d === undefined ||
      b.transactionVolume7d <= b.transactionVolume30d,
    { message: "transactionVolume7d cannot exceed transactionVolume30d", path: ["transactionVolume7d"] },
  )
  .openapi("AgentHealthCalculateRequest");

export const BenchmarksResponse = z.object({
  success: z.literal(true),
  benchmarks: z.object({
    tierBenchmarks: z.record(z.string(), BenchmarkGroupSchema),
    regionalBenchmarks: z.record(z.string(), BenchmarkGroupSchema),
  }),
  disclaimer: Disclaimer,
});

const optionalBoolean = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true"));

export const SummaryQuery = PaginationQuery.extend({
  tier: z.enum(AGENT_TIERS).optional(),
  region: z.string().trim().min(1).max(100).optional(),
  status: z.enum(AGENT_STATUSES).optional(),
  minAHI: z.coerce.number().min(0).max(100).optional().openapi({ description: "0..100, not above maxAHI" }),
  maxAHI: z.coerce.number().min(0).max(100).optional().openapi({ description: "0..100, not below minAHI" }),
  hasCriticalFlags: optionalBoolean,
  stockoutWithinHours: z.coerce.number().int().min(1).max(168).optional().openapi({
    description: "Only agents whose median forecast runs out of e-float within this many hours (1..168)",
  }),
  sortBy: z
    .enum([
      "ahiScore",
      "floatBalance",
      "transactionVolume",
      "agentCode",
      "stockoutHoursP50",
      "stockoutProbability24h",
    ])
    .default("ahiScore")
    .openapi({
      description: "stockoutHoursP50: agents with no stock-out within the horizon sort as the longest",
    }),
  sortOrder: z.enum(["asc", "desc"]).default("desc"),
}).refine((q) => q.minAHI === undefined || q.maxAHI === undefined || q.minAHI <= q.maxAHI, {
  message: "minAHI must not be above maxAHI",
  path: ["minAHI"],
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
