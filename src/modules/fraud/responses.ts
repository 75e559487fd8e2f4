import { z } from "@hono/zod-openapi";
import { actorKeyIdField, orNull } from "../../http/openapi";
import { caseVerification, caseWorkFields } from "../cases/schemas";
import { RuleSetStampSchema } from "../rules/responses";
import { CASE_STATUSES, EVENT_TYPES } from "./domain/case-state";
import { SIGNAL_CATEGORIES } from "./domain/types";
import { CaseStatus, DISCLAIMER, EntityType, Severity } from "./schemas";

// Response shapes of modules/fraud: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const Disclaimer = z.string().openapi({ example: DISCLAIMER });

/** A free-form JSON object (documented as `additionalProperties: {}`, any value). */
export const JsonObject = z.record(z.string(), z.unknown());

/** Nullable status without an allOf wrapper (OpenAPI 3.0 needs `type` beside `nullable`). */
const NullableCaseStatus = z.enum(CASE_STATUSES).nullable();

export const SignalDefinitionSchema = z
  .object({
    signalId: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.enum(SIGNAL_CATEGORIES),
    applicableTo: z.array(EntityType),
    defaultSeverity: Severity,
    isEnabled: z.boolean().openapi({ description: "As the live rule-set version says" }),
    severity: Severity.openapi({ description: "Severity under the live rule-set version" }),
    weight: z.number().openapi({ description: "Score multiplier under the live rule-set version" }),
    parameters: z
      .record(z.string(), z.number())
      .openapi({ description: "Thresholds of the live rule-set version (amounts in minor units)" }),
  })
  .openapi("SignalDefinition");

const EvidenceSchema = z
  .object({
    field: z.string(),
    observed: z.string(),
    expected: z.string(),
    threshold: z.string(),
    context: z.string(),
    deviation: z.number().openapi({ description: "observed / threshold (1 or more: threshold reached)" }),
  })
  .openapi("FraudSignalEvidence");

export const TriggeredSignalSchema = z
  .object({
    signalId: z.string(),
    signalName: z.string(),
    category: z.string(),
    triggered: z.boolean(),
    severity: Severity,
    confidence: z.number().min(0).max(1),
    evidence: z.array(EvidenceSchema),
    computedAt: z.string(),
    windowStart: z.string(),
    windowEnd: z.string(),
    entityType: EntityType,
    entityId: z.string(),
    explanation: z.string(),
    counterfactual: z.string().nullable().openapi({ description: "The smallest change that keeps it quiet" }),
    contribution: z.number().openapi({ description: "Points this signal adds before combination" }),
  })
  .openapi("TriggeredSignal");

const ExplainabilitySchema = z
  .object({
    topContributors: z.array(
      z.object({ signalId: z.string(), contribution: z.number(), reason: z.string() }),
    ),
    mitigatingFactors: z.array(z.string()),
    recommendation: z.string(),
  })
  .openapi("FraudExplainability");

export const FraudAlertSchema = z
  .object({
    alertId: z.uuid(),
    correlationId: z.uuid(),
    tenantId: z.string(),
    entityType: EntityType,
    entityId: z.string(),
    severity: Severity,
    overallScore: z.number().min(0).max(100),
    summary: z.string(),
    triggeredSignals: z.array(TriggeredSignalSchema),
    suppressedSignals: z
      .array(
        z.object({
          signalId: z.string(),
          signalName: z.string(),
          explanation: z.string(),
          suppressedBy: z.enum(["allowlist"]),
        }),
      )
      .openapi({
        description: "Signals and custom rules that triggered but an allowlist entry clears for this entity",
      }),
    nonTriggeredSignalCount: z.number().int(),
    evaluatedSignalIds: z.array(z.string()),
    explainability: ExplainabilitySchema,
    evaluatedAt: z.string(),
    windowStart: z.string(),
    windowEnd: z.string(),
    windowDays: z.number().int(),
    ruleSet: RuleSetStampSchema,
    isAdvisoryOnly: z.literal(true),
  })
  .openapi("FraudAlert");

export const FraudCaseEventSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.string(),
    caseId: z.uuid(),
    eventType: z.enum(EVENT_TYPES),
    eventSequence: z.number().int(),
    actorType: z.enum(["user", "system", "workflow", "integration"]).openapi({
      description:
        "Who acted: a named user, the service (system), a workflow, or an integration (a key bound to no user, on the shared case actions)",
    }),
    actorId: z.string(),
    actorName: z.string().nullable(),
    actorKeyId: actorKeyIdField("workflows, cron", "events"),
    previousStatus: NullableCaseStatus,
    newStatus: NullableCaseStatus,
    assigneeId: z.string().nullable(),
    assigneeName: z.string().nullable(),
    noteContent: z.string().nullable(),
    noteType: z.string().nullable(),
    evidenceType: z.string().nullable(),
    evidenceReference: JsonObject.nullable(),
    resolution: JsonObject.nullable(),
    createdAt: z.string(),
    correlationId: z.uuid(),
    hash: z.string().openapi({ description: "SHA-256 chained to the previous event's hash" }),
  })
  .openapi("FraudCaseEvent");

export const FraudCaseSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.string(),
    alertId: z.uuid(),
    correlationId: z.uuid(),
    entityType: EntityType,
    entityId: z.string(),
    severity: Severity,
    overallScore: z.number().min(0).max(100),
    title: z.string(),
    summary: z.string().nullable(),
    triggeredSignals: z.array(JsonObject),
    explainability: JsonObject,
    windowDays: z.number().int(),
    windowStart: z.string().nullable(),
    windowEnd: z.string().nullable(),
    currentStatus: CaseStatus,
    ruleSet: orNull(RuleSetStampSchema).openapi({
      description:
        "The fraud rule-set version whose evaluation opened the case; null when created from client data",
    }),
    disclaimer: z.string(),
    metadata: JsonObject,
    createdAt: z.string(),
    lastEventAt: z.string(),
    ...caseWorkFields,
  })
  .openapi("FraudCase");

export const FraudCaseWithEventsSchema = FraudCaseSchema.extend({
  events: z.array(FraudCaseEventSchema),
}).openapi("FraudCaseWithEvents");

/** POST /v1/fraud/cases/{caseId}/events and .../status. */
export const EventResponse = z.object({
  success: z.literal(true),
  event: FraudCaseEventSchema,
  disclaimer: Disclaimer,
});

export const FraudCaseVerification = caseVerification(Disclaimer).openapi("FraudCaseVerification");
