/**
 * Analyst case work on fraud cases (docs/decisions/case-work.md): assignment, tags and the
 * maker-checker close decisions. Each is an event through the case's Durable Object, which folds
 * it into the projection (domain/case-work.ts) in the same batch.
 */
import type { TenantContext } from "../../../db/tenant-context";
import { AppError } from "../../../lib/errors";
import { MAX_TAGS_PER_CASE } from "../../cases/domain/work";
import type { CaseLogEntry } from "../../cases/kinds/service";
import { assertTagsImpersonal } from "../../privacy/subject-keys/service";
import type { EventInput } from "../domain/case-log";
import * as repo from "../repo";
import { appendEvent, getCase } from "../service";

export interface Actor {
  actorId: string;
  actorName?: string;
  actorKeyId: string | null;
  /**
   * From the credential (cases/domain/actor.ts): a user, or an integration key (shard migration
   * 0064 lets the fraud log record it); default user. Four-eyes compares `principal`.
   */
  actorType?: "user" | "integration";
  /** The credential's principal (`user:<id>`, `integration:<key id>`), compared by four-eyes. */
  principal?: string;
}

const user = (a: Actor) => ({
  actorType: a.actorType ?? ("user" as const),
  actorId: a.actorId,
  actorName: a.actorName ?? null,
  actorKeyId: a.actorKeyId,
  ...(a.principal ? { principal: a.principal } : {}),
});

/** Assigns (again: reassigns) the case, or unassigns it with a null assignee. */
export async function assignCase(
  ctx: TenantContext,
  caseId: string,
  input: Actor & { assigneeId: string | null; assigneeName?: string },
) {
  if (!input.assigneeId && !(await caseOnly(ctx, caseId)).assignee)
    throw new AppError("conflict", "The case has no assignee to remove");
  const event = await appendEvent(ctx, caseId, {
    ...user(input),
    eventType: input.assigneeId ? "assigned" : "unassigned",
    assigneeId: input.assigneeId,
    assigneeName: input.assigneeName ?? null,
  });
  return { case: await caseOnly(ctx, caseId), events: [event] };
}

/** One event per tag that changes anything; a request that changes nothing is a 409. */
export async function changeTags(
  ctx: TenantContext,
  caseId: string,
  input: Actor & { add: string[]; remove: string[] },
) {
  await assertTagsImpersonal(ctx, input.add);
  const current = await caseOnly(ctx, caseId);
  const tags = new Set(current.tags);
  const inputs: EventInput[] = [
    ...[...new Set(input.add)]
      .filter((t) => !tags.has(t))
      .map((t) => ({ eventType: "tag_added" as const, tag: t })),
    ...[...new Set(input.remove)]
      .filter((t) => tags.has(t))
      .map((t) => ({ eventType: "tag_removed" as const, tag: t })),
  ].map(({ eventType, tag }) => ({ ...user(input), eventType, noteContent: tag }));
  if (current.tags.length + inputs.filter((i) => i.eventType === "tag_added").length > MAX_TAGS_PER_CASE)
    throw new AppError("bad_request", `A case holds at most ${MAX_TAGS_PER_CASE} tags`, [
      { path: "add", message: `the case has ${current.tags.length} tags` },
    ]);
  if (!inputs.length) throw new AppError("conflict", "The case already has these tags");
  const events = [];
  for (const i of inputs) events.push(await appendEvent(ctx, caseId, i));
  return { case: await caseOnly(ctx, caseId), events };
}

/** A second actor confirms the pending close (409 conflict with details code second_actor_required for the requester). */
export async function confirmClose(ctx: TenantContext, caseId: string, input: Actor & { note?: string }) {
  const event = await appendEvent(ctx, caseId, {
    ...user(input),
    eventType: "closed",
    confirmClose: true,
    noteContent: input.note ?? null,
  });
  return { case: await caseOnly(ctx, caseId), events: [event] };
}

/** Withdraws (the requester) or refuses (anyone else) the pending close; the status stays. */
export async function rejectClose(ctx: TenantContext, caseId: string, input: Actor & { note?: string }) {
  const event = await appendEvent(ctx, caseId, {
    ...user(input),
    eventType: "close_rejected",
    noteContent: input.note ?? null,
  });
  return { case: await caseOnly(ctx, caseId), events: [event] };
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
