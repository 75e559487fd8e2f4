/**
 * OpenAPI shapes of analyst case work, shared by fraud and AML cases (both modules import
 * them): the case-work fields of a case, the list filters and the request bodies.
 */
import { z } from "@hono/zod-openapi";
import { booleanQuery, IsoDateTime, orNull } from "../../http/openapi";
import { storableText } from "../../http/storable";
import { MAX_TAGS_PER_CASE, OUTCOMES, TAG_PATTERN, tagHoldsNumber } from "./domain/work";

export const CaseOutcome = z.enum(OUTCOMES).openapi("CaseOutcome", {
  description:
    "Label on a closed case: confirmed (the activity was what the rule suspected), false_positive (it was not), inconclusive (closed without a finding). Optional on a close; default and admissible values follow the closing status (docs/decisions/case-work.md#outcomes)",
});

export const CaseTag = z
  .string()
  .regex(TAG_PATTERN, "a tag is 1..40 of a-z 0-9 _ . : - starting with a letter or digit")
  .refine(
    (tag) => !tagHoldsNumber(tag),
    "a tag holds no run of 6 digits or more: a number is personal data (put it in a note, which is sealed)",
  )
  .openapi({ example: "mule-network" });

/**
 * Optional in the schema: a user's key is its own actor (docs/decisions/case-work.md#named-analysts);
 * an integration key must name one (400 naming actorId, checked with the credential).
 */
const ActorId = z.string().trim().min(1).max(200).optional().openapi({
  description:
    "Who acts. Required with a key bound to no user (an integration: recorded as given, actorType integration); with a user's key, left out or that user's id (another is a 400)",
});
const ShortText = z.string().trim().min(1).max(200);

/** The case-work fields every case shows (both kinds). */
export const caseWorkFields = {
  assignee: orNull(z.object({ id: z.string(), name: z.string().nullable() }).openapi("CaseAssignee")).openapi(
    {
      description: "The current assignee (the last assigned event); null when unassigned",
    },
  ),
  dueAt: IsoDateTime.nullable().openapi({
    description:
      "When the case is due: opening + the tenant's SLA for its kind and level; null for cases opened before due dates",
  }),
  overdue: z.boolean().openapi({ description: "Open and past dueAt" }),
  slaBreachedDueAt: IsoDateTime.nullable().openapi({
    description: "The due date whose breach was recorded (case.sla_breached); null when none",
  }),
  tags: z.array(z.string()),
  queueId: z.string().nullable().optional().openapi({
    description:
      "The team queue the case was routed to when opened (GET /v1/case-queues); null when none. On the case's GET and the case lists",
  }),
  outcome: orNull(CaseOutcome),
  closeRequest: orNull(
    z
      .object({
        toStatus: z.string(),
        outcome: CaseOutcome,
        actorId: z.string(),
        actorName: z.string().nullable(),
        requestedAt: IsoDateTime,
        principal: z.string().optional().openapi({
          description:
            "Who requested it: user:<userId> or integration:<keyId>. Four-eyes compares it: the same principal cannot confirm, whatever actorId it sends (absent on requests made before principals were recorded)",
        }),
      })
      .openapi("CaseCloseRequest"),
  ).openapi({
    description: "A close waiting for a second actor (caseCloseRequiresSecondActor); null when none",
  }),
};

/** List filters of both case lists; each is served by an index that starts with the tenant. */
export const caseWorkQuery = {
  assignedTo: z.string().trim().min(1).max(200).optional().openapi({
    description: 'Cases whose current assignee is this actor id. "My cases": assignedTo=<your actorId>',
  }),
  unassigned: booleanQuery(false).optional().openapi({ description: "true: cases with no assignee" }),
  overdue: booleanQuery(false).optional().openapi({ description: "true: open cases past their due date" }),
  tag: CaseTag.optional().openapi({ description: "Cases that carry this tag" }),
};

export const AssignmentBody = storableText(
  z.strictObject({
    assigneeId: ShortText.nullable().openapi({
      description: "The actor to assign (again: reassign); null unassigns",
    }),
    assigneeName: ShortText.optional(),
    actorId: ActorId,
    actorName: ShortText.optional(),
  }),
).openapi("CaseAssignmentRequest");

export const TagsBody = storableText(
  z
    .strictObject({
      add: z.array(CaseTag).max(MAX_TAGS_PER_CASE).default([]),
      remove: z.array(CaseTag).max(MAX_TAGS_PER_CASE).default([]),
      actorId: ActorId,
      actorName: ShortText.optional(),
    })
    .refine((b) => b.add.length + b.remove.length > 0, { message: "add or remove a tag", path: ["add"] }),
).openapi("CaseTagsRequest");

export const CloseDecisionBody = storableText(
  z.strictObject({
    actorId: ActorId,
    actorName: ShortText.optional(),
    note: z.string().trim().min(1).max(5000).optional(),
  }),
).openapi("CaseCloseDecisionRequest");

export const CaseNoteBody = storableText(
  z.strictObject({
    content: z.string().trim().min(1).max(10_000),
    actorId: ActorId,
    actorName: ShortText.optional(),
  }),
).openapi("CaseNoteRequest");

/**
 * The answer of `GET .../cases/{caseId}/verify`, the same for every kind: the log's chain
 * recomputed from genesis and its head checked against the anchor (named per kind).
 */
export const caseVerification = (disclaimer: z.ZodType) =>
  z.object({
    success: z.literal(true),
    valid: z.boolean(),
    eventCount: z.number().int(),
    headHash: z.string(),
    firstInvalidSequence: z.number().int().nullable(),
    anchorValid: z
      .boolean()
      .nullable()
      .openapi({
        description:
          "Whether the head (last sequence and hash) matches the anchor the service keyed with a " +
          "Worker secret when it last wrote the case: false when the log was rewritten, truncated " +
          "or extended outside the service (even with every hash recomputed); null for cases " +
          "written before anchoring existed. `valid` is false whenever this is false.",
      }),
    disclaimer,
  });

/** The answer of assignment, tags and the close decisions for a kind: the case and the appended entries. */
export const caseWorkResult = (caseSchema: z.ZodType, entrySchema: z.ZodType, disclaimer: z.ZodType) =>
  z.object({
    success: z.literal(true),
    case: caseSchema,
    events: z.array(entrySchema),
    disclaimer,
  });
