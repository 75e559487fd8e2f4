/**
 * The fraud case-work projection after each event (docs/decisions/case-work.md). Pure: the
 * case's Durable Object folds its events through it, so the projection always follows the log.
 */
import { type CaseWork, type CloseRequest, type Outcome, tagChanges } from "../../../lib/case-work";

/** The event fields the projection reads. */
export interface WorkEvent {
  eventType: string;
  actorId: string;
  actorName: string | null;
  newStatus: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  noteContent: string | null;
  resolution: Record<string, unknown> | null;
  createdAt: string;
}

/** The stored projection columns (fraud_case_heads, 0028). */
export interface WorkColumns {
  assigneeId: string | null;
  assigneeName: string | null;
  dueAt: string | null;
  slaBreachedDueAt: string | null;
  tags: string[] | null;
  outcome: string | null;
  closeRequest: CloseRequest | null;
}

export const workOf = (row: WorkColumns): CaseWork => ({
  assigneeId: row.assigneeId,
  assigneeName: row.assigneeName,
  dueAt: row.dueAt,
  strDueAt: null,
  slaBreachedDueAt: row.slaBreachedDueAt,
  tags: row.tags ?? [],
  outcome: row.outcome as Outcome | null,
  closeRequest: row.closeRequest,
});

export function nextWork(work: CaseWork, e: WorkEvent): CaseWork {
  const tag = e.noteContent ?? "";
  switch (e.eventType) {
    case "assigned":
      return { ...work, assigneeId: e.assigneeId, assigneeName: e.assigneeName };
    case "unassigned":
      return { ...work, assigneeId: null, assigneeName: null };
    case "tag_added":
      return { ...work, tags: tagChanges(work.tags, [tag], []).tags };
    case "tag_removed":
      return { ...work, tags: tagChanges(work.tags, [], [tag]).tags };
    case "close_requested":
      return {
        ...work,
        closeRequest: {
          toStatus: String(e.resolution?.toStatus),
          outcome: e.resolution?.outcome as Outcome,
          actorId: e.actorId,
          actorName: e.actorName,
          requestedAt: e.createdAt,
        },
      };
    case "close_rejected":
      return { ...work, closeRequest: null };
    case "sla_breached":
      return { ...work, slaBreachedDueAt: String(e.resolution?.dueAt) };
  }
  // Any status move supersedes a pending close request; a close sets the outcome.
  if (e.newStatus === null) return work;
  const outcome = e.newStatus.startsWith("closed_")
    ? ((e.resolution?.outcome as Outcome) ?? null)
    : work.outcome;
  return { ...work, closeRequest: null, outcome };
}
