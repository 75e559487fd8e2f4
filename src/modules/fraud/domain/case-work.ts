/**
 * The fraud case-work projection after each event (docs/decisions/case-work.md). Pure: the
 * case's Durable Object folds its events through it, so the projection always follows the log.
 */

import { badRequest } from "../../../lib/errors";
import {
  type CaseWork,
  type CloseRequest,
  checkSecondActor,
  closeRequestFor,
  type Outcome,
  outcomeFor,
  tagChanges,
} from "../../cases/domain/work";

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
        closeRequest: closeRequestFor(
          true,
          { toStatus: String(e.resolution?.toStatus), outcome: e.resolution?.outcome as Outcome },
          {
            actorId: e.actorId,
            actorName: e.actorName,
            ...(typeof e.resolution?.principal === "string" ? { principal: e.resolution.principal } : {}),
          },
          e.createdAt,
        ),
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

/** The input fields the resolution reads and rewrites. */
interface WorkInput {
  eventType: string;
  actorId: string;
  principal?: string;
  newStatus?: string | null;
  confirmClose?: boolean;
  dueAt?: string;
  resolution?: Record<string, unknown> | null;
}
type Resolved<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: "conflict" | "second_actor_required"; message: string } };

/**
 * What the input becomes against the projection: a confirmation turns into the `closed` event
 * the pending request named (second_actor_required for its requester); a rejection names the
 * request; an SLA breach already recorded, or for a due date the case no longer has, is refused.
 */
export function resolveWorkInput<T extends WorkInput>(work: CaseWork, input: T): Resolved<T> {
  if (
    input.eventType === "sla_breached" &&
    (work.dueAt !== input.dueAt || work.slaBreachedDueAt === input.dueAt)
  )
    return { ok: false, error: { code: "conflict", message: "No unrecorded breach of that due date" } };
  const confirming = input.eventType === "closed" && input.confirmClose === true;
  if (input.eventType !== "close_rejected" && !confirming) return { ok: true, value: input };
  const check = checkSecondActor(work.closeRequest, input.actorId, confirming, input.principal);
  if (!check.ok) return { ok: false, error: { code: check.code, message: check.message } };
  const request: CloseRequest = check.request;
  return {
    ok: true,
    value: confirming
      ? {
          ...input,
          newStatus: request.toStatus,
          resolution: { ...input.resolution, outcome: request.outcome, requestedBy: request.actorId },
        }
      : {
          ...input,
          resolution: { ...input.resolution, toStatus: request.toStatus, requestedBy: request.actorId },
        },
  };
}

/**
 * A move to a closed_* status (a `closed` or `status_changed` event) carries its outcome label
 * in `resolution.outcome` (default from the status; a contradicting one is a 400); under the
 * tenant's maker-checker setting it is recorded as `close_requested` for a second actor.
 */
export function closeInput<T extends WorkInput>(
  requiresSecondActor: boolean,
  { outcome, ...input }: T & { outcome?: Outcome },
): T {
  const target = input.newStatus;
  const closing =
    (input.eventType === "closed" || input.eventType === "status_changed") && target?.startsWith("closed_");
  if (!closing || input.confirmClose) {
    if (outcome)
      throw badRequest("outcome applies to a close only", [{ path: "outcome", message: "not a close" }]);
    return input as unknown as T;
  }
  const decided = outcomeFor(target as string, outcome);
  if (!decided.ok) throw badRequest(decided.message, [{ path: "outcome", message: decided.message }]);
  const resolution = { ...input.resolution, outcome: decided.outcome };
  if (!requiresSecondActor) return { ...input, resolution } as unknown as T;
  // The requester's principal is the server's (never a body's resolution): four-eyes compares it.
  const { principal: _claimed, ...given } = resolution as Record<string, unknown>;
  return {
    ...input,
    eventType: "close_requested",
    newStatus: null,
    resolution: { ...given, toStatus: target, ...(input.principal ? { principal: input.principal } : {}) },
  } as unknown as T;
}
