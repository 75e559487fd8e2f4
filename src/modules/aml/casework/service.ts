/**
 * Analyst case work on AML cases (docs/decisions/case-work.md): transitions with outcome labels,
 * the STR clock and the maker-checker close; assignment, notes, tags and SLA breaches. Every
 * change is one entry of the case's hash-chained history, committed with the projection it moves.
 */
import type { AmlCaseRow } from "../../../db/shard/aml";
import type { TenantContext } from "../../../db/tenant-context";
import { AppError, badRequest } from "../../../lib/errors";
import {
  type CloseRequest,
  checkSecondActor,
  closeRequestFor,
  MAX_TAGS_PER_CASE,
  type Outcome,
  outcomeFor,
  strClock,
  tagChanges,
} from "../../cases/domain/work";
import type { CaseLogEntry } from "../../cases/kinds/service";
import { queueIdOf } from "../../cases/queues/service";
import { eventInsert, eventInsertOnce, notifyOutbox } from "../../events/service";
import { assertTagsImpersonal } from "../../privacy/subject-keys/service";
import { appendEntry, type EntryBody } from "../cases/service";
import { type AmlCaseStatus, canTransition, isTerminal } from "../domain/case-machine";
import { findCase, type WorkPatch } from "../repo";
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
  if (closeRequest) {
    return {
      eventType: "close_requested",
      toStatus: from,
      ...actor,
      details: { toStatus: input.toStatus, outcome },
      extras: { patch: { closeRequest } },
    };
  }
  const patch: WorkPatch = { closeRequest: null };
  let details: Record<string, unknown> | null = null;
  if (outcome) {
    patch.outcome = outcome;
    details = { outcome, ...(confirming ? { requestedBy: confirming.actorId } : {}) };
  } else if (input.toStatus === "escalated") {
    Object.assign(patch, strClock(row, now));
    details = { dueAt: patch.dueAt, strDueAt: patch.strDueAt };
  }
  return { eventType: "transitioned", toStatus: input.toStatus, ...actor, details, extras: { patch } };
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

/** A second actor confirms the pending close (409 conflict with details code second_actor_required for the requester). */
export async function confirmClose(ctx: TenantContext, caseId: string, input: Actor & { note?: string }) {
  await assertReportFiled(ctx, caseId, (await findCase(ctx, caseId))?.closeRequest?.toStatus);
  return appendEntry(ctx, caseId, (row, now) => {
    const check = checkSecondActor(row.closeRequest, input.actorId, true, input.principal);
    if (!check.ok) throw new AppError(check.code, check.message);
    const { toStatus, outcome } = check.request;
    return transitionEntry(
      ctx,
      row,
      { ...input, toStatus: toStatus as AmlCaseStatus, outcome },
      now,
      check.request,
    );
  });
}

/** Withdraws (the requester) or refuses (anyone else) the pending close; the status stays. */
export const rejectClose = (ctx: TenantContext, caseId: string, input: Actor & { note?: string }) =>
  appendEntry(ctx, caseId, (row) => {
    const check = checkSecondActor(row.closeRequest, input.actorId, false, input.principal);
    if (!check.ok) throw new AppError(check.code, check.message);
    return {
      eventType: "close_rejected",
      toStatus: row.status,
      ...userActor(input, input.note ?? null),
      details: { toStatus: check.request.toStatus, requestedBy: check.request.actorId },
      extras: { patch: { closeRequest: null } },
    };
  });

/** Assigns (or reassigns) the case, or unassigns it with a null assignee. */
export async function assignCase(
  ctx: TenantContext,
  caseId: string,
  input: Actor & { assigneeId: string | null; assigneeName?: string },
) {
  const queueId = await queueIdOf(ctx, "aml", caseId);
  const result = await appendEntry(ctx, caseId, (row, now) => {
    refuseClosed(row, "assignment");
    const assignee = input.assigneeId
      ? { assigneeId: input.assigneeId, assigneeName: input.assigneeName ?? null }
      : { assigneeId: null, assigneeName: null };
    if (!input.assigneeId && !row.assigneeId)
      throw new AppError("conflict", "The case has no assignee to remove");
    return {
      eventType: input.assigneeId ? "assigned" : "unassigned",
      toStatus: row.status,
      ...userActor(input),
      details: input.assigneeId ? assignee : { previousAssigneeId: row.assigneeId },
      extras: {
        patch: assignee,
        // Only an assignment (not an unassignment) is a case.assigned event.
        statements: input.assigneeId
          ? [
              eventInsert(
                ctx,
                "case.assigned",
                {
                  caseId,
                  kind: "aml",
                  assigneeId: input.assigneeId,
                  assigneeName: input.assigneeName ?? null,
                  actorId: input.actorId,
                  queueId,
                  at: now.toISOString(),
                },
                now,
              ),
            ]
          : [],
      },
    };
  });
  if (input.assigneeId) await notifyOutbox(ctx);
  return result;
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

/**
 * Adds and removes tags: one entry per changed tag (a request that changes nothing is a 409);
 * entries are appended one after the other, so each carries the tag set it produced.
 */
export async function changeTags(
  ctx: TenantContext,
  caseId: string,
  input: Actor & { add: string[]; remove: string[] },
) {
  await assertTagsImpersonal(ctx, input.add);
  const changes = [
    ...input.add.map((tag) => ({ tag, adding: true })),
    ...input.remove.map((tag) => ({ tag, adding: false })),
  ];
  const done = [];
  for (const { tag, adding } of changes) {
    try {
      done.push(await appendEntry(ctx, caseId, (row) => tagEntry(row, input, tag, adding)));
    } catch (error) {
      if (!(error instanceof NoChange)) throw error;
    }
  }
  if (!done.length) throw new AppError("conflict", "The case already has these tags");
  return { case: done[done.length - 1].case, events: done.map((d) => d.event) };
}

class NoChange extends Error {}

function tagEntry(row: AmlCaseRow, actor: Actor, tag: string, adding: boolean): EntryBody {
  const current = row.tags ?? [];
  const change = tagChanges(current, adding ? [tag] : [], adding ? [] : [tag]);
  if (!change.added.length && !change.removed.length) throw new NoChange();
  if (change.tags.length > MAX_TAGS_PER_CASE)
    throw badRequest(`A case holds at most ${MAX_TAGS_PER_CASE} tags`, [
      { path: "add", message: `the case has ${current.length} tags` },
    ]);
  return {
    eventType: adding ? "tag_added" : "tag_removed",
    toStatus: row.status,
    ...userActor(actor),
    details: { tag },
    extras: { patch: { tags: change.tags }, tags: change },
  };
}

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
      if (isTerminal(row.status as AmlCaseStatus) || row.dueAt !== dueAt || row.slaBreachedDueAt === dueAt)
        throw new NoChange();
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
          patch: { slaBreachedDueAt: dueAt },
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
