/**
 * The fraud case-work projection after each event (docs/decisions/case-work.md): which change of
 * the shared projection (cases/domain/projection.ts) each fraud event makes. Pure: the case's
 * Durable Object folds its events through it, so the projection always follows the log.
 */

import { badRequest } from "../../../lib/errors";
import {
  applyWork,
  breachRecordable,
  decideWork,
  type WorkAction,
  type WorkChange,
  type WorkRefusal,
} from "../../cases/domain/projection";
import {
  type CaseWork,
  type CloseRequest,
  closeRequestFor,
  type Outcome,
  outcomeFor,
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

/** The projection's change an event makes (the fold itself is the cases module's applyWork). */
export function changeOf(e: WorkEvent): WorkChange | null {
  switch (e.eventType) {
    case "assigned":
      return { type: "assigned", assigneeId: e.assigneeId ?? "", assigneeName: e.assigneeName };
    case "unassigned":
      return { type: "unassigned" };
    case "tag_added":
    case "tag_removed":
      return { type: e.eventType, tag: e.noteContent ?? "" };
    case "close_requested": {
      const request = closeRequestFor(
        true,
        { toStatus: String(e.resolution?.toStatus), outcome: e.resolution?.outcome as Outcome },
        {
          actorId: e.actorId,
          actorName: e.actorName,
          ...(typeof e.resolution?.principal === "string" ? { principal: e.resolution.principal } : {}),
        },
        e.createdAt,
      );
      return request && { type: "close_requested", request };
    }
    case "close_rejected":
      return { type: "close_rejected" };
    case "sla_breached":
      return { type: "sla_breached", dueAt: String(e.resolution?.dueAt) };
  }
  // Any status move supersedes a pending close request; a close sets the outcome.
  if (e.newStatus === null) return null;
  const closing = e.newStatus.startsWith("closed_");
  return {
    type: "status_moved",
    closing,
    outcome: closing ? ((e.resolution?.outcome as Outcome) ?? null) : null,
  };
}

export function nextWork(work: CaseWork, e: WorkEvent): CaseWork {
  const change = changeOf(e);
  return change ? applyWork(work, change) : work;
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
  work?: WorkAction;
}
type Resolved<T> = { ok: true; value: T } | { ok: false; error: Omit<WorkRefusal, "ok" | "detail"> };

/**
 * What the input becomes against the projection: the shared case work's action is decided there
 * (cases/domain/projection.ts decideWork: an unassignment needs an assignee, a tag that is already
 * there is `no_change`); a confirmation turns into the `closed` event the pending request named
 * (second_actor_required for its requester); a rejection names the request; an SLA breach already
 * recorded, or for a due date the case no longer has, is refused.
 */
export function resolveWorkInput<T extends WorkInput>(work: CaseWork, input: T): Resolved<T> {
  if (input.eventType === "sla_breached" && !breachRecordable(work, input.dueAt ?? ""))
    return { ok: false, error: { code: "conflict", message: "No unrecorded breach of that due date" } };
  const confirming = input.eventType === "closed" && input.confirmClose === true;
  const action: WorkAction | undefined =
    input.work ??
    (confirming
      ? { type: "confirm_close" }
      : input.eventType === "close_rejected"
        ? { type: "reject_close" }
        : undefined);
  if (!action) return { ok: true, value: input };
  const decided = decideWork(work, action, input);
  if (!decided.ok)
    return { ok: false, error: { code: decided.code, message: decided.message, path: decided.path } };
  const request = decided.request;
  if (!request) return { ok: true, value: input };
  return {
    ok: true,
    value:
      action.type === "confirm_close"
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
