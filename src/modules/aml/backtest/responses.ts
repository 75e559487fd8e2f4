import { z } from "@hono/zod-openapi";
import { IsoDateTime } from "../../../http/openapi";
import { RuleSetStampSchema } from "../../rules/responses";
import { Disclaimer, RiskLevel } from "../responses";
import { EntityType } from "../schemas";

// Response shapes of modules/aml/backtest: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const RuleBacktest = z.object({
  ruleId: z.string(),
  ruleName: z.string(),
  currentHits: z.number().int(),
  trialHits: z.number().int(),
  added: z.number().int().openapi({ description: "Entities that trigger only with the trial thresholds" }),
  removed: z
    .number()
    .int()
    .openapi({ description: "Entities that trigger only with the current thresholds" }),
  addedSample: z.array(z.string()),
  removedSample: z.array(z.string()),
});

export const BacktestQueuedResponse = z.object({
  success: z.literal(true),
  backtestId: z.uuid(),
  status: z.literal("queued"),
  createdAt: IsoDateTime,
  joined: z.boolean().openapi({
    description:
      "true: an identical backtest (same body) was already queued or running, and this is that run (its id, its createdAt); no second run was queued",
  }),
  disclaimer: Disclaimer,
});

const BacktestResult = z
  .object({
    entityType: EntityType,
    windowDays: z.number().int(),
    windowStart: IsoDateTime,
    windowEnd: IsoDateTime,
    entitiesEvaluated: z.number().int(),
    currentThresholds: z.record(z.string(), z.number()),
    trialThresholds: z.record(z.string(), z.number()),
    rules: z.array(RuleBacktest),
    skippedRules: z.array(z.object({ ruleId: z.string(), reason: z.string() })),
    topEntities: z.array(
      z.object({
        entityId: z.string(),
        totalTriggered: z.number().int(),
        highestRiskLevel: RiskLevel.nullable(),
        triggeredRuleIds: z.array(z.string()),
      }),
    ),
    entitiesTriggeredCurrent: z.number().int(),
    entitiesTriggeredTrial: z.number().int(),
    ruleSet: RuleSetStampSchema.openapi({
      description:
        "The live AML rule-set version whose thresholds are `currentThresholds` (the trial values are applied on top of it)",
    }),
    persisted: z.literal(false),
  })
  .openapi("AmlBacktest");

export const BacktestResponse = z.object({
  success: z.literal(true),
  backtest: BacktestResult,
  disclaimer: Disclaimer,
});

export const BacktestRunResponse = z.object({
  success: z.literal(true),
  backtestId: z.uuid(),
  status: z.enum(["queued", "succeeded", "failed"]),
  createdAt: IsoDateTime,
  completedAt: IsoDateTime.nullable(),
  backtest: BacktestResult.optional().openapi({ description: "Present once the run succeeded" }),
  error: z.string().nullable(),
  disclaimer: Disclaimer,
});
