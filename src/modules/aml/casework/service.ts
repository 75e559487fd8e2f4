/**
 * Analyst case work on AML cases (docs/decisions/case-work.md): transitions with outcome labels,
 * the STR clock and the maker-checker close; notes and SLA breaches; and the AML log's side of the
 * shared assignment, tags and close decisions (`amlWorkLog`, decided by the cases module). Every
 * change is one entry of the case's hash-chained history, committed with the projection it moves
 * (written by the cases module's one writer, cases/work/service.ts workWrites).
 */
import type { AmlCaseRow } from "../../../db/shard/aml";
import type { TenantContext } from "../../../db/tenant-context";
import { AppError, badRequest, notFound } from "../../../lib/errors";
import { applyWork, breachRecordable, decideWork, type WorkAction } from "../../cases/domain/projection";
import {
  type CaseWork,
  type CloseRequest,
  closeRequestFor,
  type Outcome,
  outcomeFor,
  strClock,
} from "../../cases/domain/work";
import type { CaseLogEntry } from "../../cases/kinds/service";
import { queueIdOf } from "../../cases/queues/service";
import { type CaseWorkLog, refusal } from "../../cases/work/service";
import { eventInsert, eventInsertOnce, notifyOutbox } from "../../events/service";
import { appendEntry, type EntryBody } from "../cases/service";
import { type AmlCaseStatus, canTransition, isTerminal } from "../domain/case-machine";
import { findCase } from "../repo";
import { hasFiledReport } from "../steps/filed-reports";

export interface Actor {
  actorId: string;
  actorName?: string;
  /** The API key that authenticated the request. */
  actorKeyId: string | null;
  /** From the credential (cases/actor.ts): a user, or an integration key; default user. */
  actorType?: "user" | "integration";
  /** The credential's principal (`user:<id>`, `integration:<key id>`), compared by four-eyes. */
  principal?: string;
}

const userActor = (a: Actor, note: string | null = null) => ({
  actorType: a.actorType ?? "user",
  actorId: a.actorId,
  actorName: a.actorName ?? null,
  actorKeyId: a.actorKeyId,
  note,
});

/** The case-work projection of an AML case as stored. */
export const amlWork = (row: AmlCaseRow): CaseWork => ({
  assigneeId: row.assigneeId,
  assigneeName: row.assigneeName,
  dueAt: row.dueAt,
  strDueAt: row.strDueAt,
  slaBreachedDueAt: row.slaBreachedDueAt,
  tags: row.tags ?? [],
  outcome: row.outcome as Outcome | null,
  closeRequest: row.closeRequest,
});

const refuseClosed = (row: AmlCaseRow, what: string) => {
  if (isTerminal(row.status as AmlCaseStatus))
    throw new AppError("invalid_transition", `A ${row.status} case takes notes and tags, not ${what}`);
};

export interface TransitionInput extends Actor {
  toStatus: AmlCaseStatus;
  note?: string;
  /** The label on a close (docs/decisions/case-work.md#outcomes); default from the status. */
  outcome?: Outcome;
}

/**
 * The entry a transition appends. A close names its outcome; under the tenant's maker-checker
 * setting it becomes a `close_requested` entry that a second actor confirms. Moving to
 * `escalated` (the suspicion is formed) starts the 24-hour STR clock. Any transition supersedes
 * a pending close request.
 */
export function transitionEntry(
  ctx: TenantContext,
  row: AmlCaseRow,
  input: TransitionInput,
  now: Date,
  confirming: CloseRequest | null = null,
): EntryBody {
  const from = row.status as AmlCaseStatus;
  if (!canTransition(from, input.toStatus))
    throw new AppError("invalid_transition", `An AML case cannot move from ${from} to ${input.toStatus}`, [
      { path: "toStatus", message: `Allowed from ${from}: see GET /v1/kyc-aml/cases/transitions` },
    ]);
  const closing = isTerminal(input.toStatus);
  if (!closing && input.outcome)
    throw badRequest("outcome applies to a closing transition only", [
      { path: "outcome", message: `${input.toStatus} is not a closed_* status` },
    ]);
  const decided = closing ? outcomeFor(input.toStatus, input.outcome) : null;
  if (decided && !decided.ok)
    throw badRequest(decided.message, [{ path: "outcome", message: decided.message }]);
  const outcome = decided?.ok ? decided.outcome : null;
  const actor = userActor(input, input.note ?? null);
  const closeRequest =
    outcome && !confirming
      ? closeRequestFor(
          ctx.tenant.settings.caseCloseRequiresSecondActor === true,
          { toStatus: input.toStatus, outcome },
          input,
          now.toISOString(),
        )
      : null;
  const before = amlWork(row);
  if (closeRequest) {
    return {
      eventType: "close_requested",
      toStatus: from,
      ...actor,
      details: { toStatus: input.toStatus, outcome },
      extras: {
        work: { before, after: applyWork(before, { type: "close_requested", request: closeRequest }) },
      },
    };
  }
  const dueDates = !outcome && input.toStatus === "escalated" ? strClock(row, now) : undefined;
  const details = outcome
    ? { outcome, ...(confirming ? { requestedBy: confirming.actorId } : {}) }
    : dueDates
      ? { dueAt: dueDates.dueAt, strDueAt: dueDates.strDueAt }
      : null;
  const after = applyWork(before, { type: "status_moved", closing, outcome, dueDates });
  return {
    eventType: "transitioned",
    toStatus: input.toStatus,
    ...actor,
    details,
    extras: { work: { before, after } },
  };
}

/**
 * Closing as reported needs a goAML report on file with the FIU (submitted or accepted). The
 * state machine answers first: a case that cannot close as reported at all gets its 409 there.
 */
async function assertReportFiled(ctx: TenantContext, caseId: string, toStatus: string | undefined) {
  if (toStatus !== "closed_reported") return;
  const current = await findCase(ctx, caseId);
  if (!current || !canTransition(current.status as AmlCaseStatus, "closed_reported")) return;
  if (await hasFiledReport(ctx, caseId)) return;
  throw new AppError("conflict", "closed_reported needs a goAML report on file with the FIU", [
    {
      path: "toStatus",
      message:
        "no submitted or accepted report on this case: POST /v1/kyc-aml/cases/{caseId}/reports, then record its submission",
    },
  ]);
}

/** Appends a status change (a `user` actor: the API accepts no other). */
export async function transitionCase(ctx: TenantContext, caseId: string, input: TransitionInput) {
  await assertReportFiled(ctx, caseId, input.toStatus);
  return appendEntry(ctx, caseId, (row, now) => transitionEntry(ctx, row, input, now));
}

/**
 * The AML log's side of the shared case work (cases/work/service.ts): the action decided against
 * the case's projection inside its order (cases/domain/projection.ts), as one history entry. A
 * confirmation runs the same transition as a direct close (so a close as reported still needs a
 * goAML report on file); an assignment writes `case.assigned` in the entry's batch.
 */
export const amlWorkLog: CaseWorkLog = {
  async work(ctx, caseId) {
    const row = await findCase(ctx, caseId);
    if (!row) throw notFound("AML case");
    return amlWork(row);
  },
  async appendWork(ctx, caseId, action, actor) {
    if (action.type === "confirm_close")
      await assertReportFiled(ctx, caseId, (await findCase(ctx, caseId))?.closeRequest?.toStatus);
    const queueId = action.type === "assign" ? await queueIdOf(ctx, "aml", caseId) : null;
    const result = await appendEntry(ctx, caseId, (row, now) =>
      workEntry(ctx, row, action, actor, now, queueId),
    );
    if (action.type === "assign") await notifyOutbox(ctx);
    return { event: result.event, case: async () => result.case };
  },
};

function workEntry(
  ctx: TenantContext,
  row: AmlCaseRow,
  action: WorkAction,
  actor: Actor & { note?: string },
  now: Date,
  queueId: string | null,
): EntryBody {
  if (action.type === "assign" || action.type === "unassign") refuseClosed(row, "assignment");
  const before = amlWork(row);
  const decided = decideWork(before, action, actor);
  if (!decided.ok) throw refusal(decided);
  if (decided.entryType === "close_confirmed") {
    const { request } = decided;
    return transitionEntry(
      ctx,
      row,
      { ...actor, toStatus: request.toStatus as AmlCaseStatus, outcome: request.outcome },
      now,
      request,
    );
  }
  const note = action.type === "reject_close" ? (actor.note ?? null) : null;
  return {
    eventType: decided.entryType,
    toStatus: row.status,
    ...userActor(actor, note),
    details: decided.facts,
    extras: {
      work: { before, after: applyWork(before, decided.change) },
      // Only an assignment (not an unassignment) is a case.assigned event.
      statements:
        action.type === "assign"
          ? [
              eventInsert(
                ctx,
                "case.assigned",
                {
                  caseId: row.id,
                  kind: "aml",
                  assigneeId: action.assigneeId,
                  assigneeName: action.assigneeName,
                  actorId: actor.actorId,
                  queueId,
                  at: now.toISOString(),
                },
                now,
              ),
            ]
          : [],
    },
  };
}

/**
 * A note without a status move; a closed case still takes notes. A note about a customer is
 * stored sealed under the customer's key by appendEntry (docs/decisions/security.md#erasure-model).
 */
export const addNote = (ctx: TenantContext, caseId: string, input: Actor & { content: string }) =>
  appendEntry(ctx, caseId, (current) => ({
    eventType: "note_added",
    toStatus: current.status,
    ...userActor(input, input.content),
  }));

class NoChange extends Error {}

/**
 * Records a passed due date once: the `sla_breached` entry, the projection's marker and the
 * `case.sla_breached` event (its id derived from case and due date) in one batch. Returns false
 * when the case closed, moved its due date or had the breach recorded meanwhile.
 */
export async function recordSlaBreach(
  ctx: TenantContext,
  caseId: string,
  dueAt: string,
  eventId: string,
  queueId: string | null,
) {
  try {
    await appendEntry(ctx, caseId, (row, now) => {
      const before = amlWork(row);
      if (isTerminal(row.status as AmlCaseStatus) || !breachRecordable(before, dueAt)) throw new NoChange();
      const data = {
        caseId,
        kind: "aml",
        dueAt,
        strDueAt: row.strDueAt,
        riskLevel: row.riskLevel,
        status: row.status,
        assigneeId: row.assigneeId,
        queueId,
        breachedAt: now.toISOString(),
      };
      return {
        eventType: "sla_breached",
        toStatus: row.status,
        actorType: "system",
        actorId: "sla-sweep",
        actorName: null,
        actorKeyId: null,
        note: `Due at ${dueAt}; not closed by then`,
        details: { dueAt, strDueAt: row.strDueAt },
        extras: {
          work: { before, after: applyWork(before, { type: "sla_breached", dueAt }) },
          statements: [eventInsertOnce(ctx, eventId, "case.sla_breached", data, now.toISOString())],
        },
      };
    });
    return true;
  } catch (error) {
    if (error instanceof NoChange) return false;
    throw error;
  }
}

/** Whether the tenant has this case (the cases module's links and files ask, kinds/service.ts). */
export const caseExists = async (ctx: TenantContext, caseId: string) =>
  (await findCase(ctx, caseId)) !== undefined;

/**
 * An entry the cases module writes (a link, an uploaded file) as a history entry: the text as its
 * note (the summary when there is none), the facts as its hashed details; `statements` commit in
 * the entry's batch.
 */
export async function appendLogEntry(
  ctx: TenantContext,
  caseId: string,
  entry: CaseLogEntry,
  statements: unknown[] = [],
) {
  await appendEntry(ctx, caseId, (c) => ({
    eventType: entry.eventType,
    toStatus: c.status,
    actorType: "user",
    actorId: entry.actorId,
    actorName: entry.actorName,
    actorKeyId: entry.actorKeyId,
    note: entry.text ?? entry.summary ?? null,
    details: entry.evidenceType ? { evidenceType: entry.evidenceType, ...entry.facts } : entry.facts,
    extras: { statements },
  }));
}
