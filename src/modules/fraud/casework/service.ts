/**
 * Fraud cases' side of the shared case work (docs/decisions/case-work.md#one-projection):
 * assignment, tags and the maker-checker close decisions are decided by the cases module; each is
 * an event through the case's Durable Object, which folds it into the projection in the same batch.
 */
import type { TenantContext } from "../../../db/tenant-context";
import { notFound } from "../../../lib/errors";
import type { WorkAction } from "../../cases/domain/projection";
import type { CaseLogEntry } from "../../cases/kinds/service";
import type { CaseWorkLog, WorkActor } from "../../cases/work/service";
import type { EventInput } from "../domain/case-log";
import { workOf } from "../domain/case-work";
import * as repo from "../repo";
import { appendEvent, getCase } from "../service";

/** The actor of a case action (cases/service.ts caseActor); shared work's `WorkActor`. */
type Actor = WorkActor;

const user = (a: Actor) => ({
  actorType: a.actorType ?? ("user" as const),
  actorId: a.actorId,
  actorName: a.actorName ?? null,
  actorKeyId: a.actorKeyId,
  ...(a.principal ? { principal: a.principal } : {}),
});

/**
 * The fraud log's side of the shared case work (cases/work/service.ts): the action as an event
 * through the case's Durable Object, which decides it against the projection there
 * (cases/domain/projection.ts, via resolveWorkInput) and folds it in the same batch.
 */
export const fraudWorkLog: CaseWorkLog = {
  async work(ctx, caseId) {
    const found = await repo.findCase(ctx, caseId);
    if (!found) throw notFound("Fraud case");
    return workOf(found.head);
  },
  async appendWork(ctx, caseId, action, actor) {
    const event = await appendEvent(ctx, caseId, {
      ...user(actor),
      ...eventOf(action, actor.note),
      work: action,
    });
    return { event, case: () => caseOnly(ctx, caseId) };
  },
};

/** The event an action appends (the object rewrites a confirmation into its close). */
function eventOf(action: WorkAction, note: string | undefined): Omit<EventInput, "actorType" | "actorId"> {
  switch (action.type) {
    case "assign":
      return { eventType: "assigned", assigneeId: action.assigneeId, assigneeName: action.assigneeName };
    case "unassign":
      return { eventType: "unassigned", assigneeId: null, assigneeName: null };
    case "tag":
      return { eventType: action.adding ? "tag_added" : "tag_removed", noteContent: action.tag };
    case "confirm_close":
      return { eventType: "closed", confirmClose: true, noteContent: note ?? null };
    case "reject_close":
      return { eventType: "close_rejected", noteContent: note ?? null };
  }
}

async function caseOnly(ctx: TenantContext, caseId: string) {
  const { events: _events, ...c } = await getCase(ctx, caseId);
  return c;
}

/** Whether the tenant has this case (the cases module's links and files ask, kinds/service.ts). */
export const caseExists = async (ctx: TenantContext, caseId: string) =>
  (await repo.findCase(ctx, caseId)) !== undefined;

/**
 * An entry the cases module writes (a link, an uploaded file) as a fraud event through the case's
 * Durable Object: the text as noteContent, the facts as evidenceReference.
 */
export async function appendLogEntry(ctx: TenantContext, caseId: string, entry: CaseLogEntry) {
  await appendEvent(ctx, caseId, {
    eventType: entry.eventType,
    actorType: "user",
    actorId: entry.actorId,
    actorName: entry.actorName,
    actorKeyId: entry.actorKeyId,
    ...(entry.evidenceType ? { evidenceType: entry.evidenceType } : {}),
    evidenceReference: entry.facts,
    noteContent: entry.text,
  });
}
