import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull } from "../../../http/openapi";
import { AML_ENTITY_TYPES } from "../../detection/domain/aml/rules";
import { RULE_SET_KINDS } from "../../rules/domain/document";
import { RulePrecisionSchema } from "../../rules/feedback/responses";
import { SAMPLE_SIZE } from "./domain/tally";

// Response shapes of modules/rules/backtest: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const Hash = z.string().regex(/^[0-9a-f]{64}$/);

const Kind = z.enum(RULE_SET_KINDS);

const Ids = z.array(z.string()).max(SAMPLE_SIZE);

const RuleBacktestSchema = z
  .object({
    ruleId: z.string(),
    source: z.enum(["builtin", "custom"]),
    liveHits: z.number().int().min(0),
    draftHits: z.number().int().min(0),
    newlyHit: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "Entities the draft hits and the live version does not" }),
    noLongerHit: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "Entities the live version hits and the draft does not" }),
    newlyHitSample: Ids.openapi({ description: `The first ${SAMPLE_SIZE} ids, sorted` }),
    noLongerHitSample: Ids,
    precision: orNull(RulePrecisionSchema).openapi({ description: "Case feedback; null: no closed case" }),
  })
  .openapi("RuleBacktest");

const RuleSetBacktestResult = z
  .object({
    kind: Kind,
    entityType: z.enum(AML_ENTITY_TYPES),
    from: IsoDateTime,
    to: IsoDateTime,
    live: z.object({ kind: Kind, version: z.number().int().min(0), hash: Hash }),
    draft: z.object({
      kind: Kind,
      version: orNull(z.number().int().min(1)).openapi({
        description: "Always null: a draft has no version until published",
      }),
      hash: Hash,
      draftId: z.uuid(),
      basedOnVersion: z.number().int().min(0),
    }),
    entitiesActive: z.number().int().min(0),
    rules: z.array(RuleBacktestSchema),
    skippedRules: z.array(
      z.object({ ruleId: z.string(), reason: z.string(), side: z.enum(["live", "draft", "both"]) }),
    ),
    feedbackByVersion: z.boolean(),
    statements: z.number().int().min(0).openapi({ description: "D1 statements the run issued (about)" }),
    casesOpened: z.literal(0),
  })
  .openapi("RuleSetBacktestResult");

export const RuleSetBacktestRunResponse = z
  .object({
    success: z.literal(true),
    backtestId: z.uuid(),
    kind: Kind,
    status: z.enum(["queued", "running", "succeeded", "failed"]),
    createdAt: IsoDateTime,
    completedAt: orNull(IsoDateTime),
    progress: z.object({
      entitiesActive: z.number().int().min(0),
      partitionsDone: z
        .number()
        .int()
        .min(0)
        .openapi({ description: "Pages of entities whose AML built-ins were evaluated (AML rule sets)" }),
      partitions: z
        .number()
        .int()
        .min(0)
        .openapi({ description: "Pages of entities expected for the AML built-ins (an estimate)" }),
      customPagesDone: z
        .number()
        .int()
        .min(0)
        .openapi({ description: "Pages of entities whose custom rules were evaluated" }),
      fraudPagesDone: z
        .number()
        .int()
        .min(0)
        .openapi({ description: "Pages of entities whose fraud built-ins were evaluated (fraud rule sets)" }),
      unitsDone: z.number().int().min(0),
      unitsEstimated: z.number().int().min(0),
      percent: z.number().int().min(0).max(100),
    }),
    backtest: RuleSetBacktestResult.optional().openapi({ description: "Present once the run succeeded" }),
    error: orNull(z.string()),
    joined: z.boolean().optional().openapi({
      description:
        "On a queued POST (202) only: true when an identical run (same body, same draft and live content) was already queued or running and this is that run; false when this request queued it",
    }),
  })
  .openapi("RuleSetBacktestRun");
