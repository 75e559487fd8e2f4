/**
 * The case-work projection of every kind (docs/decisions/case-work.md#one-projection): what an
 * analyst action decides against the case's projection, how each change folds into it, and which
 * columns and tag rows a fold moved. Pure: each kind calls these inside its serialised append
 * (fraud: the case object; AML: the entry builder) and writes what they answer through the one
 * projection writer (cases/work/repo.ts).
 */
import {
  type CaseWork,
  type CloseRequest,
  checkSecondActor,
  MAX_TAGS_PER_CASE,
  type Outcome,
  tagChanges,
} from "./work";

/** One change to the projection; every kind's log entries map onto these. */
export type WorkChange =
  | { type: "assigned"; assigneeId: string; assigneeName: string | null }
  | { type: "unassigned" }
  | { type: "tag_added"; tag: string }
  | { type: "tag_removed"; tag: string }
  | { type: "close_requested"; request: CloseRequest }
  | { type: "close_rejected" }
  | { type: "sla_breached"; dueAt: string }
  /**
   * A status move: it supersedes a pending close request; a close sets its outcome; the start of
   * the STR clock (AML's escalation) moves the due dates.
   */
  | {
      type: "status_moved";
      closing: boolean;
      outcome: Outcome | null;
      dueDates?: { dueAt: string | null; strDueAt: string | null };
    };

/** The projection after `change` (the one fold, for every kind). */
export function applyWork(work: CaseWork, change: WorkChange): CaseWork {
  switch (change.type) {
    case "assigned":
      return { ...work, assigneeId: change.assigneeId, assigneeName: change.assigneeName };
    case "unassigned":
      return { ...work, assigneeId: null, assigneeName: null };
    case "tag_added":
      return { ...work, tags: tagChanges(work.tags, [change.tag], []).tags };
    case "tag_removed":
      return { ...work, tags: tagChanges(work.tags, [], [change.tag]).tags };
    case "close_requested":
      return { ...work, closeRequest: change.request };
    case "close_rejected":
      return { ...work, closeRequest: null };
    case "sla_breached":
      return { ...work, slaBreachedDueAt: change.dueAt };
    case "status_moved":
      return {
        ...work,
        ...(change.dueDates ?? {}),
        closeRequest: null,
        outcome: change.closing ? change.outcome : work.outcome,
      };
  }
}

/**
 * Whether a breach of `dueAt` may be recorded on the projection now: the case is still due then
 * and that due date has not breached yet (the SLA sweep's check, in the case's order, every kind).
 */
export const breachRecordable = (work: CaseWork, dueAt: string) =>
  work.dueAt === dueAt && work.slaBreachedDueAt !== dueAt;

/** An analyst action on the projection, decided inside the case's order. */
export type WorkAction =
  | { type: "assign"; assigneeId: string; assigneeName: string | null }
  | { type: "unassign" }
  | { type: "tag"; tag: string; adding: boolean }
  | { type: "confirm_close" }
  | { type: "reject_close" };

/** What an action becomes: the entry's type, its structured facts and the projection's change. */
export type WorkDecision =
  | {
      ok: true;
      entryType: "assigned" | "unassigned" | "tag_added" | "tag_removed" | "close_rejected";
      facts: Record<string, unknown>;
      change: WorkChange;
      /** The pending close a rejection decided on. */
      request?: CloseRequest;
    }
  | {
      ok: true;
      /** A confirmation: the kind runs its close (a status move) from `request`. */
      entryType: "close_confirmed";
      facts: Record<string, unknown>;
      change: null;
      request: CloseRequest;
    }
  | WorkRefusal;

/** A refused action; `path` and `detail` name the field of a 400. */
export interface WorkRefusal {
  ok: false;
  code: "conflict" | "second_actor_required" | "bad_request" | "no_change";
  message: string;
  path?: string;
  detail?: string;
}

/**
 * Decides an action against the case's projection: an unassignment needs an assignee; a tag
 * already there (or already gone) is `no_change`, a 21st tag a 400 naming `add`; confirming or
 * rejecting needs a pending close, and the requester's principal cannot confirm it.
 */
export function decideWork(
  work: CaseWork,
  action: WorkAction,
  actor: { actorId: string; principal?: string },
): WorkDecision {
  switch (action.type) {
    case "assign":
      return {
        ok: true,
        entryType: "assigned",
        facts: { assigneeId: action.assigneeId, assigneeName: action.assigneeName },
        change: { type: "assigned", assigneeId: action.assigneeId, assigneeName: action.assigneeName },
      };
    case "unassign":
      if (!work.assigneeId)
        return { ok: false, code: "conflict", message: "The case has no assignee to remove" };
      return {
        ok: true,
        entryType: "unassigned",
        facts: { previousAssigneeId: work.assigneeId },
        change: { type: "unassigned" },
      };
    case "tag": {
      const { tag, adding } = action;
      const change = tagChanges(work.tags, adding ? [tag] : [], adding ? [] : [tag]);
      if (!change.added.length && !change.removed.length)
        return {
          ok: false,
          code: "no_change",
          message: `The case ${adding ? "already has" : "has no"} tag ${tag}`,
        };
      if (change.tags.length > MAX_TAGS_PER_CASE) return tooManyTags(work.tags.length);
      return {
        ok: true,
        entryType: adding ? "tag_added" : "tag_removed",
        facts: { tag },
        change: { type: adding ? "tag_added" : "tag_removed", tag },
      };
    }
    case "confirm_close":
    case "reject_close": {
      const confirming = action.type === "confirm_close";
      const check = checkSecondActor(work.closeRequest, actor.actorId, confirming, actor.principal);
      if (!check.ok) return { ok: false, code: check.code, message: check.message };
      const { request } = check;
      return confirming
        ? {
            ok: true,
            entryType: "close_confirmed",
            facts: { toStatus: request.toStatus, outcome: request.outcome, requestedBy: request.actorId },
            change: null,
            request,
          }
        : {
            ok: true,
            entryType: "close_rejected",
            facts: { toStatus: request.toStatus, requestedBy: request.actorId },
            change: { type: "close_rejected" },
            request,
          };
    }
  }
}

const tooManyTags = (count: number): WorkRefusal => ({
  ok: false,
  code: "bad_request",
  message: `A case holds at most ${MAX_TAGS_PER_CASE} tags`,
  path: "add",
  detail: `the case has ${count} tags`,
});

/**
 * The tag entries a request asks for against the projection as read (new tags once, removals of
 * present ones): a request that changes nothing is a 409, one that would pass the limit a 400
 * naming `add` before anything is written. Each entry is decided again in the case's order.
 */
export function planTags(
  current: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): { ok: true; actions: Array<WorkAction & { type: "tag" }> } | WorkRefusal {
  const adding = [...new Set(add)].filter((t) => !current.includes(t));
  const removing = [...new Set(remove)].filter((t) => current.includes(t));
  if (current.length + adding.length > MAX_TAGS_PER_CASE) return tooManyTags(current.length);
  if (!adding.length && !removing.length)
    return { ok: false, code: "conflict", message: "The case already has these tags" };
  return {
    ok: true,
    actions: [
      ...adding.map((tag) => ({ type: "tag" as const, tag, adding: true })),
      ...removing.map((tag) => ({ type: "tag" as const, tag, adding: false })),
    ],
  };
}

/** The stored projection columns shared by every kind's table (AML's also holds `strDueAt`). */
export type WorkSet = Partial<Omit<CaseWork, "tags"> & { tags: string[] }>;

/**
 * What a fold moved: the columns whose value changed, and the tag rows to add and remove (the
 * tag tables hold one row per tag for the list's filter).
 */
export function workDiff(before: CaseWork, after: CaseWork) {
  const set: WorkSet = {};
  for (const key of Object.keys(after) as Array<keyof CaseWork>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) Object.assign(set, { [key]: after[key] });
  }
  return {
    set,
    tagsAdded: after.tags.filter((t) => !before.tags.includes(t)),
    tagsRemoved: before.tags.filter((t) => !after.tags.includes(t)),
  };
}
