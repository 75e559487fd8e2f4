/**
 * The vocabulary of a fraud case's log, shared by the writer (cases/service.ts), the case's
 * Durable Object and the fraud service: what a caller may say about an event, the head the
 * writer appends to, and how a refused append is reported. Types only.
 */
import type { WorkAction } from "../../cases/domain/projection";
import type { CaseWork } from "../../cases/domain/work";
import type { CaseStatus, EventRequest } from "./case-state";

export type LogError = {
  code:
    | "bad_request"
    | "invalid_transition"
    | "not_found"
    | "conflict"
    | "second_actor_required"
    | "no_change";
  message: string;
  path?: string;
};
export type LogResult<T> = { ok: true; value: T } | { ok: false; error: LogError };

/**
 * What a caller may say about an event; the log adds sequence, statuses, time and hash.
 * API requests are `user` actors, or `integration` on the shared case actions by a key bound to
 * no user (cases/service.ts caseActor); `system` and `workflow` are for code of the service itself. actorKeyId is the API key that
 * authenticated the request (null when none did, e.g. a workflow run from the queue).
 */
export interface EventInput extends EventRequest {
  actorType: "user" | "system" | "workflow" | "integration";
  /** The credential's principal (src/lib/principal.ts): four-eyes compares it; not stored as a column. */
  principal?: string;
  actorId: string;
  actorKeyId?: string | null;
  actorName?: string | null;
  assigneeName?: string | null;
  noteType?: string | null;
  evidenceReference?: Record<string, unknown> | null;
  resolution?: Record<string, unknown> | null;
  /** `closed` only: confirm the pending close request (maker-checker), by another actor. */
  confirmClose?: boolean;
  /**
   * The shared case work's action (assignment, tags, the close decisions: cases/work/service.ts),
   * decided in the object against the projection (cases/domain/projection.ts); not stored.
   */
  work?: WorkAction;
  /** `close_rejected` only: which pending request; `sla_breached` only: which due date. */
  dueAt?: string;
  /** `sla_breached` only: the outbox event's id (one per case and due date). */
  outboxEventId?: string;
  /** `sla_breached` and `assigned`: the case's team queue, carried by the outbox event (not in the log). */
  queueId?: string | null;
  /**
   * Appended only if the log's head is still at this sequence (the caller decided on the log as
   * it was there: a system close of an untouched case); else refused as a conflict. Not stored.
   */
  expectSequence?: number;
  /** The event's id when the caller fixes it (a keyed request's, alike on every attempt); else random. */
  eventId?: string;
}

/** An outbox event committed with the log (case.sla_breached, case.assigned). */
export interface OutboxEvent {
  id: string;
  type: "case.sla_breached" | "case.assigned";
  data: Record<string, unknown>;
}

/** Head of a case's log as the writer needs it. */
export interface LogHead {
  tenantId: string;
  caseId: string;
  lastSequence: number;
  headHash: string;
  status: CaseStatus;
  correlationId: string;
  /** The case-work projection (assignee, due date, tags, outcome, close request). */
  work: CaseWork;
  severity: string;
}

export type CaseActor = Pick<EventInput, "actorType" | "actorId" | "actorName" | "actorKeyId">;
