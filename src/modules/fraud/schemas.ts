import { z } from "@hono/zod-openapi";
import { IsoDateTime, PaginationQuery } from "../../http/openapi";
import { APPENDABLE_EVENT_TYPES, CASE_STATUSES, EVENT_TYPES, NOTE_TYPES } from "./domain/case-state";
import { ENTITY_TYPES, SEVERITIES, SIGNAL_CATEGORIES } from "./domain/types";

export const DISCLAIMER =
  "Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. " +
  "They never block transactions or trigger automated decisions; a human must review the evidence before any action.";

const Disclaimer = z.string().openapi({ example: DISCLAIMER });
const EntityType = z.enum(ENTITY_TYPES).openapi("FraudEntityType");
const Severity = z.enum(SEVERITIES).openapi("FraudSeverity");
const CaseStatus = z.enum(CASE_STATUSES).openapi("FraudCaseStatus");
const EntityId = z.string().trim().min(1).max(200).openapi({
  description: "customer or account uuid, the tenant's agent identifier, or a merchant name",
});
/** A free-form JSON object (documented as `additionalProperties: {}`, any value). */
const JsonObject = z.record(z.string(), z.unknown()).openapi({ type: "object", additionalProperties: {} });
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
    isEnabled: z.boolean(),
    parameters: z
      .record(z.string(), z.number())
      .openapi({ description: "Thresholds (amounts in minor units)" }),
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
    nonTriggeredSignalCount: z.number().int(),
    evaluatedSignalIds: z.array(z.string()),
    explainability: ExplainabilitySchema,
    evaluatedAt: z.string(),
    windowStart: z.string(),
    windowEnd: z.string(),
    windowDays: z.number().int(),
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
    actorType: z.enum(["user", "system", "workflow"]),
    actorId: z.string(),
    actorName: z.string().nullable(),
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
    disclaimer: z.string(),
    metadata: JsonObject,
    createdAt: z.string(),
    lastEventAt: z.string(),
  })
  .openapi("FraudCase");

export const FraudCaseWithEventsSchema = FraudCaseSchema.extend({
  events: z.array(FraudCaseEventSchema),
}).openapi("FraudCaseWithEvents");

// ---- requests ---------------------------------------------------------------------------

const WindowDays = z
  .number()
  .int()
  .min(1)
  .max(365)
  .default(30)
  .openapi({ description: "1..365, default 30" });
const SignalIds = z.array(z.string().min(1)).max(50).optional().openapi({
  description:
    "Signals to run (unknown ids: 400). Omitted: every enabled signal applicable to the entity type",
});

export const EvaluateBody = z
  .strictObject({ entityType: EntityType, entityId: EntityId, windowDays: WindowDays, signalIds: SignalIds })
  .openapi("FraudEvaluateRequest");

export const EvaluateAndCreateBody = z
  .strictObject({
    entityType: EntityType,
    entityId: EntityId,
    windowDays: WindowDays,
    signalIds: SignalIds,
    createCaseThreshold: z.number().min(0).max(100).default(30),
    autoCreateCase: z.boolean().default(true),
  })
  .openapi("FraudEvaluateAndCreateRequest");

export const CreateCaseBody = z
  .strictObject({
    alertId: z.uuid(),
    correlationId: z.uuid().optional().openapi({ description: "Defaults to a new uuid" }),
    entityType: EntityType,
    entityId: EntityId,
    severity: Severity,
    overallScore: z.number().min(0).max(100),
    title: z.string().trim().min(1).max(300).optional(),
    summary: z.string().max(5000).optional(),
    triggeredSignals: z.array(JsonObject).max(100).default([]),
    explainability: JsonObject.default({}),
    windowDays: z.number().int().min(1).max(365).default(30),
    windowStart: IsoDateTime.optional(),
    windowEnd: IsoDateTime.optional(),
    metadata: JsonObject.default({}),
  })
  .openapi("FraudCaseCreateRequest");

const ActorType = z.enum(["user", "system", "workflow"]);
const ActorId = z.string().trim().min(1).max(200);
const ShortText = z.string().trim().min(1).max(200);

export const AddEventBody = z
  .strictObject({
    eventType: z.enum(APPENDABLE_EVENT_TYPES),
    actorType: ActorType,
    actorId: ActorId,
    actorName: ShortText.optional(),
    newStatus: CaseStatus.optional(),
    assigneeId: ShortText.optional(),
    assigneeName: ShortText.optional(),
    noteContent: z.string().max(10_000).optional(),
    noteType: z.enum(NOTE_TYPES).optional(),
    evidenceType: ShortText.optional(),
    evidenceReference: JsonObject.optional(),
    resolution: JsonObject.optional(),
  })
  .openapi("FraudCaseEventRequest");

export const ChangeStatusBody = z
  .strictObject({
    newStatus: CaseStatus,
    actorId: ActorId,
    actorName: ShortText.optional(),
    actorType: ActorType.default("user"),
  })
  .openapi("FraudCaseStatusRequest");

export const AddNoteBody = z
  .strictObject({
    content: z.string().trim().min(1).max(10_000),
    noteType: z.enum(NOTE_TYPES).default("review"),
    actorId: ActorId,
    actorName: ShortText.optional(),
    actorType: ActorType.default("user"),
  })
  .openapi("FraudCaseNoteRequest");

/** "a,b" lists whose every item must be one of `values`. */
const commaList = <T extends string>(values: readonly T[], name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const items = [
        ...new Set(
          v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const bad = items.filter((i) => !(values as readonly string[]).includes(i));
      if (bad.length) {
        ctx.addIssue({
          code: "custom",
          message: `unknown ${name}: ${bad.join(", ")} (allowed: ${values.join(", ")})`,
        });
        return z.NEVER;
      }
      return items as T[];
    })
    .openapi({ type: "string", description: `Comma-separated: ${values.join(", ")}` });

export const CaseListQuery = PaginationQuery.extend({
  entityType: EntityType.optional(),
  entityId: z.string().trim().min(1).max(200).optional(),
  severity: commaList(SEVERITIES, "severity"),
  status: commaList(CASE_STATUSES, "status"),
  minScore: z.coerce.number().min(0).max(100).optional(),
  maxScore: z.coerce.number().min(0).max(100).optional(),
  startDate: IsoDateTime.optional().openapi({ description: "Cases created at or after" }),
  endDate: IsoDateTime.optional().openapi({ description: "Cases created at or before" }),
})
  .refine((q) => q.minScore === undefined || q.maxScore === undefined || q.minScore <= q.maxScore, {
    message: "minScore must not be above maxScore",
    path: ["minScore"],
  })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) <= Date.parse(q.endDate), {
    message: "startDate must not be after endDate",
    path: ["startDate"],
  });

export type CaseListFilter = Omit<z.infer<typeof CaseListQuery>, "limit" | "offset">;
export type CreateCaseInput = z.infer<typeof CreateCaseBody>;
export type AddEventInput = z.infer<typeof AddEventBody>;
export { CaseStatus as CaseStatusSchema, Disclaimer };
