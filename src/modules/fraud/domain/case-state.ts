/** Fraud case state machine and event rules (docs/contract.md#fraud-cases). Pure. */
export const CASE_STATUSES = [
  "open",
  "under_review",
  "pending_info",
  "escalated",
  "closed_cleared",
  "closed_suspicious",
  "closed_reported",
] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CLOSED_STATUSES: CaseStatus[] = ["closed_cleared", "closed_suspicious", "closed_reported"];
export const isClosed = (s: CaseStatus): boolean => CLOSED_STATUSES.includes(s);

export const TRANSITIONS: Record<CaseStatus, CaseStatus[]> = {
  open: ["under_review", "pending_info", "escalated", ...CLOSED_STATUSES],
  under_review: ["pending_info", "escalated", ...CLOSED_STATUSES],
  pending_info: ["under_review", "escalated", ...CLOSED_STATUSES],
  escalated: ["under_review", "pending_info", ...CLOSED_STATUSES],
  closed_cleared: [],
  closed_suspicious: [],
  closed_reported: [],
};

export const canTransition = (from: CaseStatus, to: CaseStatus): boolean => TRANSITIONS[from].includes(to);

export const EVENT_TYPES = [
  "created",
  "status_changed",
  "assigned",
  "unassigned",
  "note_added",
  "evidence_added",
  "escalated",
  "closed",
  // Written by monitoring only: a new hit on the open case, and a per-rule snooze taken from it.
  "alert_added",
  "rule_snoozed",
  // Case work (docs/decisions/case-work.md): tags, the maker-checker close, SLA breaches.
  "tag_added",
  "tag_removed",
  "close_requested",
  "close_rejected",
  "sla_breached",
  // Links to other cases (docs/decisions/case-work.md#links), written by the cases module (links).
  "linked",
  "unlinked",
] as const;
export type CaseEventType = (typeof EVENT_TYPES)[number];
/**
 * Events only the service writes: `created` by case creation, `alert_added` and `rule_snoozed`
 * by monitoring, `sla_breached` by the SLA sweep.
 */
export const SYSTEM_EVENT_TYPES = ["created", "alert_added", "rule_snoozed", "sla_breached"] as const;
/** Events with an operation of their own (tags, close confirm/reject, links), not POST .../events. */
export const DEDICATED_EVENT_TYPES = [
  "tag_added",
  "tag_removed",
  "close_requested",
  "close_rejected",
  "linked",
  "unlinked",
] as const;
type SystemEventType = (typeof SYSTEM_EVENT_TYPES)[number] | (typeof DEDICATED_EVENT_TYPES)[number];
export const APPENDABLE_EVENT_TYPES = EVENT_TYPES.filter(
  (t) => ![...SYSTEM_EVENT_TYPES, ...DEDICATED_EVENT_TYPES].includes(t as SystemEventType),
) as Exclude<CaseEventType, SystemEventType>[];

export const NOTE_TYPES = ["review", "clarification", "decision"] as const;

export interface EventRequest {
  eventType: CaseEventType;
  newStatus?: CaseStatus | null;
  assigneeId?: string | null;
  noteContent?: string | null;
  evidenceType?: string | null;
  /** close_requested: the closed_* status asked for. */
  requestedStatus?: CaseStatus | null;
}

export type EventDecision =
  | { ok: true; previousStatus: CaseStatus | null; newStatus: CaseStatus | null; statusAfter: CaseStatus }
  | { ok: false; code: "bad_request" | "invalid_transition"; message: string; path?: string };

const STATUS_EVENTS: CaseEventType[] = ["status_changed", "escalated", "closed"];
/** Events that stay allowed on a closed case: the record may still be annotated. */
const AFTER_CLOSE: CaseEventType[] = [
  "note_added",
  "evidence_added",
  "alert_added",
  "rule_snoozed",
  "tag_added",
  "tag_removed",
  "linked",
  "unlinked",
];

const refuse = (message: string, path?: string): EventDecision => ({
  ok: false,
  code: "bad_request",
  message,
  path,
});

/**
 * Decides whether an event may be appended to a case in `current` status, and which
 * statuses it records. Status-changing events record previousStatus and newStatus; other
 * events leave both null.
 */
export function decideEvent(current: CaseStatus, req: EventRequest): EventDecision {
  const { eventType } = req;
  if (eventType === "created")
    return refuse("The created event is written by case creation only", "eventType");
  if (!STATUS_EVENTS.includes(eventType) && req.newStatus)
    return refuse(`newStatus does not apply to ${eventType} events`, "newStatus");
  if (eventType === "assigned" && !req.assigneeId)
    return refuse("assigned events need assigneeId", "assigneeId");
  if (eventType === "note_added" && !req.noteContent?.trim())
    return refuse("note_added events need noteContent", "noteContent");
  if ((eventType === "alert_added" || eventType === "rule_snoozed") && !req.noteContent?.trim())
    return refuse(`${eventType} events need noteContent`, "noteContent");
  if (eventType === "evidence_added" && !req.evidenceType?.trim())
    return refuse("evidence_added events need evidenceType", "evidenceType");
  if ((eventType === "tag_added" || eventType === "tag_removed") && !req.noteContent?.trim())
    return refuse(`${eventType} events need the tag`, "noteContent");
  // A close request names a close the state machine must allow now; it moves nothing yet.
  if (eventType === "close_requested") {
    const target = req.requestedStatus;
    if (!target || !isClosed(target)) return refuse("close_requested needs a closed_* status", "newStatus");
    if (!canTransition(current, target))
      return {
        ok: false,
        code: "invalid_transition",
        message: `A case cannot move from ${current} to ${target}`,
        path: "newStatus",
      };
  }

  let target: CaseStatus | null = null;
  if (eventType === "status_changed") {
    if (!req.newStatus) return refuse("status_changed events need newStatus", "newStatus");
    target = req.newStatus;
  } else if (eventType === "escalated") {
    if (req.newStatus && req.newStatus !== "escalated")
      return refuse("escalated events move the case to escalated", "newStatus");
    target = "escalated";
  } else if (eventType === "closed") {
    if (!req.newStatus || !isClosed(req.newStatus))
      return refuse("closed events need a closed_* newStatus", "newStatus");
    target = req.newStatus;
  }

  if (target) {
    if (!canTransition(current, target))
      return {
        ok: false,
        code: "invalid_transition",
        message: `A case cannot move from ${current} to ${target}`,
        path: "newStatus",
      };
    return { ok: true, previousStatus: current, newStatus: target, statusAfter: target };
  }
  if (isClosed(current) && !AFTER_CLOSE.includes(eventType))
    return {
      ok: false,
      code: "invalid_transition",
      message: `A ${current} case accepts only notes and evidence, not ${eventType}`,
    };
  return { ok: true, previousStatus: null, newStatus: null, statusAfter: current };
}
