import { z } from "@hono/zod-openapi";
import { AmountInput, booleanQuery, CountInput, IsoDateTime, PaginationQuery } from "../../http/openapi";
import { AGENT_STATUSES, AGENT_TIERS, AGENT_TYPES } from "./domain/types";

const AgentIdParam = z
  .string()
  .min(1)
  .max(100)
  .openapi({
    param: { name: "agentId", in: "path" },
    description: "The tenant's own agent identifier (agentId), or the agent's id (UUID) as the API shows it",
  });

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
