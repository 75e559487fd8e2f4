import { z } from "@hono/zod-openapi";
import { boundedJson } from "../../../http/bounded-json";
import { IsoDateTime, PaginationQuery } from "../../../http/openapi";
import { storableText } from "../../../http/storable";
import { CaseOutcome, caseWorkQuery } from "../../cases/schemas";
import {
  type APPENDABLE_EVENT_TYPES,
  CASE_STATUSES,
  type CaseStatus as CaseStatusValue,
  CLOSED_STATUSES,
  NOTE_TYPES,
} from "../domain/case-state";
import { SEVERITIES } from "../domain/types";
import { CaseStatus, EntityId, EntityType, Severity } from "../schemas";

/** Free-form JSON input: bounded depth, size and keys (docs/decisions/input-hardening.md). */
const FreeJson = boundedJson();

/**
 * Request bodies and queries of the fraud case operations. Every body that feeds a hashed
 * event is wrapped in storableText: a string storage would not return exactly (lone
 * surrogate, NUL), anywhere in it, keys included, is a 400 naming the field.
 */
export const CreateCaseBody = storableText(
  z.strictObject({
    alertId: z.uuid(),
    correlationId: z.uuid().optional().openapi({ description: "Defaults to a new uuid" }),
    entityType: EntityType,
    entityId: EntityId,
    severity: Severity,
    overallScore: z.number().min(0).max(100),
    title: z.string().trim().min(1).max(300).optional(),
    summary: z.string().max(5000).optional(),
    triggeredSignals: z.array(FreeJson).max(100).default([]),
    explainability: FreeJson.default({}),
    windowDays: z.number().int().min(1).max(365).default(30),
    windowStart: IsoDateTime.optional(),
    windowEnd: IsoDateTime.optional(),
    metadata: FreeJson.default({}),
  }),
).openapi("FraudCaseCreateRequest");

/**
 * An API caller is always a `user` actor: `system` and `workflow` events are written only by
 * the service's own code (case creation, evaluate-and-create, workflows), so a key cannot
 * pass its writes off as the system's. actorId names the person; the key is recorded anyway.
 */
const ActorType = z.enum(["user"]).openapi({
  description:
    "Always `user` for API callers (`system` and `workflow` are refused with 400: only the " +
    "service's own code writes those). The API key used is recorded as the event's actorKeyId.",
});
const ActorId = z.string().trim().min(1).max(200);
const ShortText = z.string().trim().min(1).max(200);

/**
 * One body per event type (a discriminated union on eventType, with the discriminator in the
 * document), so what each type needs is in the contract: assigned needs assigneeId,
 * note_added noteContent, evidence_added evidenceType, status_changed newStatus, closed a
 * closed_* newStatus; escalated moves to escalated; no other type takes newStatus. Whether the
 * move is allowed from the case's current status is the state machine's call (400
 * invalid_transition), as is "a closed case accepts only notes and evidence".
 */
const CLOSED_STATUSES_LIST = CLOSED_STATUSES as [CaseStatusValue, ...CaseStatusValue[]];
const eventFields = {
  actorType: ActorType,
  actorId: ActorId,
  actorName: ShortText.optional(),
  noteContent: z.string().max(10_000).optional(),
  noteType: z.enum(NOTE_TYPES).optional(),
  evidenceReference: FreeJson.optional(),
  resolution: FreeJson.optional(),
};
const eventBody = <T extends (typeof APPENDABLE_EVENT_TYPES)[number], S extends z.ZodRawShape>(
  eventType: T,
  name: string,
  shape: S,
) => z.strictObject({ eventType: z.literal(eventType), ...eventFields, ...shape }).openapi(name);
const NoteText = z
  .string()
  .max(10_000)
  .refine((s) => s.trim().length > 0, "must not be blank");

export const AddEventBody = storableText(
  z.discriminatedUnion("eventType", [
    eventBody("status_changed", "FraudCaseStatusChangedEventRequest", {
      newStatus: CaseStatus,
      outcome: CaseOutcome.optional().openapi({ description: "Only with a closed_* newStatus" }),
    }),
    eventBody("assigned", "FraudCaseAssignedEventRequest", {
      assigneeId: ShortText,
      assigneeName: ShortText.optional(),
    }),
    eventBody("unassigned", "FraudCaseUnassignedEventRequest", {
      assigneeId: ShortText.optional(),
      assigneeName: ShortText.optional(),
    }),
    eventBody("note_added", "FraudCaseNoteAddedEventRequest", { noteContent: NoteText }),
    eventBody("evidence_added", "FraudCaseEvidenceAddedEventRequest", {
      // "file" is recorded only by an upload (POST .../files), which vouches for its SHA-256.
      evidenceType: ShortText.refine(
        (t) => t.trim().toLowerCase() !== "file",
        "file evidence is added by POST /v1/fraud/cases/{caseId}/files",
      ),
    }),
    eventBody("escalated", "FraudCaseEscalatedEventRequest", {
      newStatus: z.enum(["escalated"]).optional().openapi({ description: "Always escalated when given" }),
    }),
    eventBody("closed", "FraudCaseClosedEventRequest", {
      newStatus: z.enum(CLOSED_STATUSES_LIST),
      outcome: CaseOutcome.optional(),
    }),
  ]),
).openapi("FraudCaseEventRequest");

export const ChangeStatusBody = storableText(
  z.strictObject({
    newStatus: CaseStatus,
    outcome: CaseOutcome.optional().openapi({ description: "Only with a closed_* newStatus" }),
    actorId: ActorId,
    actorName: ShortText.optional(),
    actorType: ActorType.default("user"),
  }),
).openapi("FraudCaseStatusRequest");

export const AddNoteBody = storableText(
  z.strictObject({
    content: z.string().trim().min(1).max(10_000),
    noteType: z.enum(NOTE_TYPES).default("review"),
    actorId: ActorId,
    actorName: ShortText.optional(),
    actorType: ActorType.default("user"),
  }),
).openapi("FraudCaseNoteRequest");

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
  minScore: z.coerce
    .number()
    .min(0)
    .max(100)
    .optional()
    .openapi({ description: "0..100, not above maxScore" }),
  maxScore: z.coerce
    .number()
    .min(0)
    .max(100)
    .optional()
    .openapi({ description: "0..100, not below minScore" }),
  startDate: IsoDateTime.optional().openapi({ description: "Cases created at or after; not after endDate" }),
  endDate: IsoDateTime.optional().openapi({
    description: "Cases created at or before; not before startDate",
  }),
  ...caseWorkQuery,
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
