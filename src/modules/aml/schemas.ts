import { z } from "@hono/zod-openapi";
import { actorKeyIdField, IsoDateTime, orNull, PaginationQuery, PaginationSchema } from "../../http/openapi";
import { storableText } from "../../http/storable";
import { CaseOutcome, caseWorkFields, caseWorkQuery } from "../fraud/casework/schemas";
import { RuleSetChoiceField, RuleSetStampSchema } from "../rules/schemas";
import { AML_CASE_STATUSES } from "./domain/case-machine";
import { HISTORY_EVENT_TYPES } from "./domain/history";
import { AML_ENTITY_TYPES, AML_RULES, RISK_LEVELS } from "./domain/rules";
import { THRESHOLD_DEFINITIONS } from "./domain/thresholds";

export const DISCLAIMER =
  "Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer.";

export const Disclaimer = z.string().openapi({ example: DISCLAIMER });
const RiskLevel = z.enum(RISK_LEVELS);
const CaseStatus = z.enum(AML_CASE_STATUSES);
const EntityType = z.enum(AML_ENTITY_TYPES);

/** Checked by the service (one 400 lists every unknown id), documented as the list of rules. */
const RuleId = z.string().openapi({ enum: AML_RULES.map((r) => r.ruleId) });

const CountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "ISO 3166-1 alpha-2 country code")
  .transform((c) => c.toUpperCase());

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

/**
 * Threshold values as the document states them: each known name with its type and range
 * (THRESHOLD_DEFINITIONS), no other name. Parsed loosely at run time so the service reports
 * every bad name and value at once (validateThresholds applies exactly these ranges).
 */
const thresholdValues = (description: string) =>
  z.record(z.string(), z.unknown()).openapi({
    type: "object",
    properties: Object.fromEntries(
      THRESHOLD_DEFINITIONS.map((d) => [
        d.name,
        {
          type: d.integer ? "integer" : "number",
          minimum: d.min,
          maximum: d.max,
          // Not multipleOf 0.01: binary floats make validators refuse 20000.07 (2000007.0000000002).
          description: `${d.description} (${d.unit}${d.unit === "money" ? ", at most 2 fraction digits" : ""}; default ${d.defaultValue})`,
        },
      ]),
    ),
    additionalProperties: false,
    description,
    example: { largeCashAmount: 20000 },
  });

export const PutThresholdsBody = z
  .object({
    thresholds: thresholdValues("Replaces the tenant's overrides ({} restores defaults)"),
  })
  .strict();

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

export const EvaluateBody = storableText(
  z
    .object({
      entityType: EntityType,
      entityId: z.string().trim().min(1).max(200),
      windowDays: z.number().int().min(7).max(365).default(30),
      ruleIds: z.array(RuleId).min(1).max(50).optional(),
      dryRun: z.boolean().default(false),
      highRiskCountries: z.array(CountryCode).max(250).optional(),
      ruleSet: RuleSetChoiceField.openapi({
        description:
          "live (default) or draft: the tenant's AML draft, evaluated as a dry run whatever dryRun says (no case, nothing stored); 400 when there is no draft",
      }),
    })
    .strict(),
);

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

export const AmlCaseSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.string(),
    ruleId: z.string(),
    ruleName: z.string(),
    caseType: z.string(),
    entityType: EntityType,
    entityId: z.string(),
    riskLevel: RiskLevel,
    status: CaseStatus,
    evidence: z.array(EvidenceSchema),
    explanation: z.string(),
    correlationId: z.uuid(),
    windowDays: z.number().int(),
    windowStart: IsoDateTime,
    windowEnd: IsoDateTime,
    createdAt: IsoDateTime,
    lastEventAt: IsoDateTime,
    eventCount: z.number().int(),
    ruleSet: orNull(RuleSetStampSchema).openapi({
      description: "The AML rule-set version whose evaluation opened the case; null before rule sets",
    }),
    ...caseWorkFields,
    strDueAt: IsoDateTime.nullable().openapi({
      description:
        "The STR clock: 24 hours after the case was first marked suspicious (escalated); dueAt is then at the latest this. null until escalated",
    }),
  })
  .openapi("AmlCase");

export const AmlCaseHistorySchema = z
  .object({
    id: z.uuid(),
    caseId: z.uuid(),
    sequence: z.number().int(),
    eventType: z.enum(HISTORY_EVENT_TYPES).openapi({
      description:
        "created; transitioned (the only entry that changes the status); alert_added (a monitoring hit) and rule_snoozed; case work: assigned, unassigned, note_added, evidence_added (an uploaded file), tag_added, tag_removed, close_requested, close_rejected, sla_breached, linked, unlinked (a link to another case or an alert: details.linkId, details.linked) (docs/decisions/case-work.md)",
    }),
    fromStatus: CaseStatus.nullable(),
    toStatus: CaseStatus,
    actorType: z.string(),
    actorId: z.string(),
    actorName: z.string().nullable(),
    actorKeyId: actorKeyIdField("workflows", "entries"),
    note: z.string().nullable(),
    details: orNull(z.record(z.string(), z.unknown())).openapi({
      description: "Structured facts of the entry (assignee, tag, outcome, due dates); covered by its hash",
    }),
    createdAt: IsoDateTime,
    previousHash: z.string(),
    hash: z.string(),
  })
  .openapi("AmlCaseHistoryEntry");

export const CaseListQuery = PaginationQuery.extend({
  status: z
    .string()
    .optional()
    .openapi({ description: `Status, or comma-separated statuses: ${AML_CASE_STATUSES.join(", ")}` })
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const parts = v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      for (const p of parts)
        if (!(AML_CASE_STATUSES as readonly string[]).includes(p)) {
          ctx.addIssue({ code: "custom", message: `Unknown status ${p}` });
          return z.NEVER;
        }
      return parts;
    }),
  entityType: EntityType.optional(),
  entityId: z.string().min(1).max(200).optional(),
  ruleId: z.string().min(1).max(50).optional(),
  ...caseWorkQuery,
});

export const CaseListResponse = z.object({
  success: z.literal(true),
  data: z.array(AmlCaseSchema),
  pagination: PaginationSchema,
  disclaimer: Disclaimer,
});

export const CaseResponse = z.object({
  success: z.literal(true),
  case: AmlCaseSchema.extend({
    history: z.array(AmlCaseHistorySchema),
    chainValid: z.boolean().openapi({
      description: "The history's hash chain recomputes from genesis and its head matches its anchor",
    }),
    anchorValid: z
      .boolean()
      .nullable()
      .openapi({
        description:
          "Whether the history's head matches the anchor the service keyed with a Worker secret: " +
          "false when the history was rewritten, truncated or extended outside the service (even " +
          "with every hash recomputed); null for cases written before anchoring existed",
      }),
  }),
  disclaimer: Disclaimer,
});

/** No actorType: a transition through the API is always a `user` actor (the key is recorded). */
export const TransitionBody = storableText(
  z
    .object({
      toStatus: CaseStatus,
      actorId: z.string().trim().min(1).max(200),
      actorName: z.string().trim().min(1).max(200).optional(),
      note: z.string().trim().min(1).max(5000).optional(),
      outcome: CaseOutcome.optional().openapi({ description: "Only with a closed_* toStatus" }),
    })
    .strict(),
);

export const TransitionResponse = z.object({
  success: z.literal(true),
  case: AmlCaseSchema,
  event: AmlCaseHistorySchema,
  disclaimer: Disclaimer,
});

export const TransitionsResponse = z.object({
  success: z.literal(true),
  transitions: z.record(z.string(), z.array(CaseStatus)),
  statusDetails: z.array(
    z.object({
      status: CaseStatus,
      label: z.string(),
      isTerminal: z.boolean(),
      validTransitions: z.array(CaseStatus),
    }),
  ),
  disclaimer: Disclaimer,
});

export const BacktestBody = z
  .object({
    entityType: EntityType.default("customer"),
    windowDays: z.number().int().min(7).max(365).default(30),
    ruleIds: z.array(RuleId).min(1).max(50).optional(),
    thresholds: thresholdValues("Values to try, over the current ones").optional(),
    highRiskCountries: z.array(CountryCode).max(250).optional(),
    top: z.number().int().min(1).max(100).default(20),
    async: z.boolean().default(false).openapi({
      description: "Queue the run (202) and read it from GET /v1/kyc-aml/backtests/{backtestId}",
    }),
  })
  .strict();

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
