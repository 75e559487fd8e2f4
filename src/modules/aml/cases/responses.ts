import { z } from "@hono/zod-openapi";
import { actorKeyIdField, IsoDateTime, orNull, PaginationSchema } from "../../../http/openapi";
import { caseVerification, caseWorkFields } from "../../cases/schemas";
import { RuleSetStampSchema } from "../../rules/responses";
import { HISTORY_EVENT_TYPES } from "../domain/history";
import { Disclaimer, EvidenceSchema, RiskLevel } from "../responses";
import { CaseStatus, EntityType } from "../schemas";

// Response shapes of modules/aml/cases: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

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
    subjects: z
      .array(
        z.object({
          entityType: EntityType,
          entityId: z.string(),
          role: z.string().openapi({
            description:
              "Its role: `subject` for a case about one entity; a network scheme's origin, source, hub, feeder, intermediary, sink, smurf, ...",
          }),
        }),
      )
      .optional()
      .openapi({
        description:
          "Who the case is about (on the list and the case; not on action answers): a network scheme's case lists every participant, and the list's entityId filter finds it from each (docs/methodology/network.md#what-a-scheme-leaves)",
      }),
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

export const AmlCaseVerification = caseVerification(Disclaimer).openapi("AmlCaseVerification");
