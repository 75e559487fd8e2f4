/**
 * Case work for every kind, once (docs/decisions/case-work.md#one-projection): assignment, tags and
 * the confirm and reject of a pending close are decided here and in cases/domain/projection.ts,
 * and the projection they move is written by one writer (`workWrites`). A kind registers only its
 * log's side (`CaseWorkLog`, kinds/service.ts): append the decided entry in the case's order, and
 * show the case as its endpoints publish it.
 */

import { eq, inArray } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { TenantScope } from "../../../db/client";
import type { TenantContext } from "../../../db/tenant-context";
import type { TenantTable } from "../../../db/tenant-tables";
import { AppError } from "../../../lib/errors";
import { assertTagsImpersonal } from "../../privacy/subject-keys/service";
import { planTags, type WorkAction, type WorkRefusal, workDiff } from "../domain/projection";
import type { CaseKind, CaseWork } from "../domain/work";
import { type AppendedWork, type CaseWorkLog, caseKind, type WorkActor } from "../kinds/service";

export type { AppendedWork, CaseWorkLog, WorkActor };

/** A kind's tag table (one row per tag of a case, for the list's filter): tenant, tag, case, time. */
export type TagTable = SQLiteTable &
  TenantTable & { tag: SQLiteColumn; caseId: SQLiteColumn; createdAt: SQLiteColumn };

/**
 * The one projection writer: the columns a fold moved (for the kind's guarded update of its
 * projection row, which names the same columns in every kind) and the tag rows to insert and
 * delete, all for the entry's batch.
 */
export function workWrites(
  scope: TenantScope,
  tags: TagTable,
  caseId: string,
  before: CaseWork,
  after: CaseWork,
  at: string,
) {
  const diff = workDiff(before, after);
  const statements: unknown[] = [
    ...diff.tagsAdded.map((tag) =>
      scope.db
        .insert(tags)
        .values({ tag, caseId, createdAt: at } as never)
        .onConflictDoNothing(),
    ),
    ...(diff.tagsRemoved.length
      ? [scope.db.delete(tags).where(eq(tags.caseId, caseId), inArray(tags.tag, diff.tagsRemoved))]
      : []),
  ];
  return { set: diff.set, statements };
}

/** An action that changed nothing by the time it was decided in the case's order. */
export class NoWorkChange extends Error {}

/** A refused action as the API answers it (no_change: NoWorkChange, for the caller to skip). */
export const refusal = (r: WorkRefusal): Error =>
  r.code === "no_change"
    ? new NoWorkChange(r.message)
    : new AppError(
        r.code,
        r.message,
        r.path ? [{ path: r.path, message: r.detail ?? r.message }] : undefined,
      );

const logOf = (kind: CaseKind) => caseKind(kind).workLog;

const once = async (
  ctx: TenantContext,
  kind: CaseKind,
  caseId: string,
  action: WorkAction,
  actor: WorkActor & { note?: string },
) => {
  const done = await logOf(kind).appendWork(ctx, caseId, action, actor);
  return { case: await done.case(), events: [done.event] };
};

/** Assigns (again: reassigns) the case, or unassigns it with a null assignee. */
export const assignCase = (
  ctx: TenantContext,
  kind: CaseKind,
  caseId: string,
  input: WorkActor & { assigneeId: string | null; assigneeName?: string },
) =>
  once(
    ctx,
    kind,
    caseId,
    input.assigneeId
      ? { type: "assign", assigneeId: input.assigneeId, assigneeName: input.assigneeName ?? null }
      : { type: "unassign" },
    input,
  );

/**
 * Adds and removes tags: one entry per tag that changes anything, appended one after the other
 * (each carries the tag set it produced); a request that changes nothing is a 409, one past the
 * limit a 400 naming `add`, both before anything is written.
 */
export async function changeTags(
  ctx: TenantContext,
  kind: CaseKind,
  caseId: string,
  input: WorkActor & { add: string[]; remove: string[] },
) {
  await assertTagsImpersonal(ctx, input.add);
  const log = logOf(kind);
  const plan = planTags((await log.work(ctx, caseId)).tags, input.add, input.remove);
  if (!plan.ok) throw refusal(plan);
  const done = [];
  for (const action of plan.actions) {
    try {
      done.push(await log.appendWork(ctx, caseId, action, input));
    } catch (error) {
      if (!(error instanceof NoWorkChange)) throw error;
    }
  }
  if (!done.length) throw new AppError("conflict", "The case already has these tags");
  // The case once, after the last entry (a kind may read it whole: fraud's carries its events).
  return { case: await done[done.length - 1].case(), events: done.map((d) => d.event) };
}

/** A second actor confirms the pending close (409 conflict with details code second_actor_required for the requester). */
export const confirmClose = (
  ctx: TenantContext,
  kind: CaseKind,
  caseId: string,
  input: WorkActor & { note?: string },
) => once(ctx, kind, caseId, { type: "confirm_close" }, input);

/** Withdraws (the requester) or refuses (anyone else) the pending close; the status stays. */
export const rejectClose = (
  ctx: TenantContext,
  kind: CaseKind,
  caseId: string,
  input: WorkActor & { note?: string },
) => once(ctx, kind, caseId, { type: "reject_close" }, input);
