import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull } from "../../http/openapi";
import { RISK_LEVELS } from "../detection/domain/aml/rules";
import { RuleSetStampSchema } from "../rules/responses";
import { CaseStatus, DISCLAIMER, EntityType } from "./schemas";

// Response shapes of modules/aml: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const Disclaimer = z.string().openapi({ example: DISCLAIMER });

export const RiskLevel = z.enum(RISK_LEVELS);

export const AmlRuleSchema = z
  .object({
    ruleId: z.string().openapi({ example: "AML-LCT-001" }),
    name: z.string(),
    description: z.string(),
    category: z.string().openapi({ example: "threshold" }),
    caseType: z.string().openapi({ example: "ctr" }),
    defaultRiskLevel: RiskLevel,
    isEnabled: z.boolean().openapi({ description: "As the live rule-set version says" }),
    severity: RiskLevel.openapi({ description: "Risk level under the live rule-set version" }),
    weight: z.number().openapi({ description: "Score multiplier under the live rule-set version" }),
    thresholds: z
      .record(z.string(), z.number())
      .openapi({ description: "Effective values of the thresholds the rule reads (live version)" }),
    regulatoryBasis: z.string(),
    internalPolicy: z.string(),
    applicableTo: z.array(EntityType),
    requiresHighRiskCountries: z.boolean(),
  })
  .openapi("AmlRule");

/** The live AML rule-set version these figures come from (docs/methodology/rules.md). */
const ruleSetFields = {
  ruleSetVersion: z.number().int().min(0).openapi({ description: "Live AML rule-set version (0: defaults)" }),
  ruleSetHash: z.string().openapi({ description: "sha256 of that version's content" }),
};

export const RulesResponse = z.object({
  success: z.literal(true),
  rules: z.array(AmlRuleSchema),
  totalEnabled: z.number().int(),
  allRuleIds: z.array(z.string()),
  ...ruleSetFields,
  disclaimer: Disclaimer,
});

export const ThresholdsResponse = z
  .object({
    success: z.literal(true),
    thresholds: z
      .record(z.string(), z.number())
      .openapi({ description: "Effective values: defaults merged with the tenant's own" }),
    overrides: z
      .record(z.string(), z.number())
      .openapi({ description: "The live version's values that differ from the defaults" }),
    ...ruleSetFields,
    definitions: z.array(
      z.object({
        name: z.string(),
        defaultValue: z.number(),
        min: z.number(),
        max: z.number(),
        integer: z.boolean(),
        unit: z.string(),
        description: z.string(),
      }),
    ),
    disclaimer: Disclaimer,
  })
  .openapi("AmlThresholds");

export const EvidenceSchema = z
  .object({
    field: z.string(),
    observed: z.string(),
    threshold: z.string(),
    context: z.string(),
    deviation: z.number(),
  })
  .openapi("AmlEvidence");

export const CounterfactualSchema = z
  .object({ threshold: z.string(), currentValue: z.number(), flipValue: z.number(), statement: z.string() })
  .openapi("AmlCounterfactual");

export const RuleResultSchema = z
  .object({
    ruleId: z.string(),
    ruleName: z.string(),
    triggered: z.boolean(),
    riskLevel: RiskLevel,
    evidence: z.array(EvidenceSchema),
    explanation: z.string(),
    counterfactual: orNull(CounterfactualSchema),
    counterfactualStatement: z.string().optional().openapi({
      description: "Custom rules: the tenant's statement of what would have kept the rule quiet",
    }),
    source: z
      .enum(["builtin", "custom"])
      .openapi({ description: "A catalog rule or the tenant's custom rule" }),
    triggeredAt: IsoDateTime.nullable(),
  })
  .openapi("AmlRuleResult");

const CaseRef = z.object({ caseId: z.uuid(), ruleId: z.string(), status: CaseStatus, created: z.boolean() });

export const EvaluationResultSchema = z
  .object({
    correlationId: z.uuid(),
    entityType: EntityType,
    entityId: z.string(),
    evaluatedAt: IsoDateTime,
    dryRun: z.boolean(),
    windowDays: z.number().int(),
    windowStart: IsoDateTime,
    windowEnd: IsoDateTime,
    triggeredRules: z.array(RuleResultSchema),
    totalTriggered: z.number().int(),
    highestRiskLevel: RiskLevel.nullable(),
    skippedRules: z.array(z.object({ ruleId: z.string(), reason: z.string() })),
    suppressedRules: z
      .array(z.object({ ruleId: z.string(), explanation: z.string(), suppressedBy: z.enum(["allowlist"]) }))
      .openapi({ description: "Rules that triggered but an allowlist entry clears for this entity" }),
    highRiskCountries: z.array(z.string()).openapi({
      description: "Countries the geography rule used: the tenant's stored lists united with the request's",
    }),
    ruleSet: RuleSetStampSchema,
    cases: z
      .array(CaseRef)
      .openapi({ description: "Cases opened (created true) or already open; empty on a dry run" }),
    disclaimer: Disclaimer,
  })
  .openapi("AmlEvaluationResult");

export const EvaluateResponse = z.object({
  success: z.literal(true),
  result: EvaluationResultSchema,
  disclaimer: Disclaimer,
});
