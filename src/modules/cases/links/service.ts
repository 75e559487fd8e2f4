/**
 * Links between fraud cases, AML cases and alerts (docs/decisions/case-work.md#links): one row
 * per pair, visible from both ends; each case end records `linked` / `unlinked` in its
 * hash-chained log; every change is audited and emits `case.linked` / `case.unlinked`.
 */
import type { CaseLinkRow } from "../../../db/shard/cases";
import type { TenantContext } from "../../../db/tenant-context";
import { AppError, badRequest, notFound } from "../../../lib/errors";
import { grants, type Scope } from "../../../lib/scopes";
import { tenantAuditInsert } from "../../audit/service";
import { eventInsert, notifyOutbox } from "../../events/service";
import { caseKind } from "../kinds/service";
import {
  type CaseEndKind,
  canonicalPair,
  type End,
  endsOf,
  entryText,
  isCaseEnd,
  otherEnd,
  sameEnd,
} from "./domain/ends";
import * as repo from "./repo";
import { alertDirectory } from "./steps/alert-directory";

export type CaseKind = "fraud" | "aml";
export const CASE_END: Record<CaseKind, CaseEndKind> = { fraud: "fraud_case", aml: "aml_case" };
const KIND_OF: Record<CaseEndKind, CaseKind> = { fraud_case: "fraud", aml_case: "aml" };
/** The registered kind of a case end (kinds/service.ts). */
const kindOf = (end: CaseEndKind) => caseKind(KIND_OF[end]);
const READ = (end: CaseEndKind): Scope => kindOf(end).routes.read;
const WRITE = (end: CaseEndKind): Scope => kindOf(end).routes.write;

/** Who acts: the analyst named in the request and the key that authenticated it. */
export interface LinkActor {
  actorId: string;
  actorName?: string;
  actorKeyId: string | null;
  scopes: readonly Scope[];
}

export const presentLink = (row: CaseLinkRow, self: End) => ({
  id: row.id,
  linked: otherEnd(row, self),
  createdAt: row.createdAt,
  createdBy: row.createdBy,
  actorKeyId: row.actorKeyId,
});

async function assertCase(ctx: TenantContext, end: { kind: CaseEndKind; id: string }) {
  if (!(await kindOf(end.kind).exists(ctx, end.id))) throw notFound(kindOf(end.kind).name);
}

/** Writing a link writes into the other case's log, so the key needs that kind's write scope. */
function assertMayWrite(end: End, scopes: readonly Scope[]) {
  if (isCaseEnd(end) && !grants(scopes, WRITE(end.kind)))
    throw new AppError(
      "forbidden",
      `A link to an ${end.kind} is recorded in its log: needs ${WRITE(end.kind)}`,
      [{ path: "target.kind", message: `requires scope ${WRITE(end.kind)}` }],
    );
}

/** The target in the tenant's scope: 404 naming it (an alert of a kind the key cannot read too). */
async function assertTarget(ctx: TenantContext, target: End, scopes: readonly Scope[]) {
  const missing = () =>
    new AppError("not_found", `Link target ${target.kind} ${target.id} not found`, [
      { path: "target.id", message: `no ${target.kind} ${target.id} in this tenant` },
    ]);
  if (isCaseEnd(target)) {
    if (!(await kindOf(target.kind).exists(ctx, target.id))) throw missing();
    return;
  }
  try {
    await alertDirectory().assertReadable(ctx, target.id, scopes);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw missing();
    throw error;
  }
}

/** The links whose other end the key may read: a case of a kind its scopes grant, an alert of a visible kind. */
async function readableLinks(ctx: TenantContext, rows: CaseLinkRow[], self: End, scopes: readonly Scope[]) {
  const others = rows.map((r) => otherEnd(r, self));
  const alertIds = others.filter((e) => !isCaseEnd(e)).map((e) => e.id);
  const alerts = alertIds.length ? await alertDirectory().readable(ctx, alertIds, scopes) : new Set<string>();
  return rows.filter((_, i) => {
    const end = others[i];
    return isCaseEnd(end) ? grants(scopes, READ(end.kind)) : alerts.has(end.id);
  });
}

type Change = "linked" | "unlinked";

/** The entry one case end's log gets. */
async function appendToLog(
  ctx: TenantContext,
  end: { kind: CaseEndKind; id: string },
  change: Change,
  row: CaseLinkRow,
  actor: LinkActor,
  note: string | null,
  statements: unknown[] = [],
) {
  const linked = otherEnd(row, end);
  await kindOf(end.kind).append(
    ctx,
    end.id,
    {
      eventType: change,
      actorId: actor.actorId,
      actorName: actor.actorName ?? null,
      actorKeyId: actor.actorKeyId,
      text: entryText(change, linked, note),
      facts: { linkId: row.id, linked },
    },
    statements,
  );
}

/**
 * Records a change of the link row in both case logs, once however many identical requests run
 * at once (docs/decisions/faults.md#concurrent-duplicates). The caller has already changed the row
 * alone: that is the claim (an insert the pair index refuses, a delete that finds the row), so of
 * concurrent duplicates only one gets here. The fraud logs go next (their Durable Object cannot
 * take a foreign statement), then the audit entry, the event and, when an end is an AML case,
 * that case's entry as one D1 batch. A failure puts the row back (`undo`), so a retry completes
 * the change (a fraud log written before the failure then shows the attempt twice).
 */
async function recordChange(
  ctx: TenantContext,
  change: Change,
  row: CaseLinkRow,
  actor: LinkActor,
  note: string | null,
  undo: () => Promise<unknown>,
) {
  try {
    const cases = endsOf(row).filter(isCaseEnd);
    // The one end whose log commits in a D1 batch takes the audit row and the event with it.
    const inBatch = cases.find((e) => kindOf(e.kind).takesStatements);
    for (const end of cases) if (end !== inBatch) await appendToLog(ctx, end, change, row, actor, note);
    const now = ctx.clock.now();
    const statements = [
      tenantAuditInsert(ctx, {
        action: change === "linked" ? "case.linked" : "case.unlinked",
        target: { type: "case_link", id: row.id },
        ...(change === "linked" ? { after: { ends: endsOf(row) } } : { before: { ends: endsOf(row) } }),
      }),
      eventInsert(
        ctx,
        change === "linked" ? "case.linked" : "case.unlinked",
        { linkId: row.id, ends: endsOf(row), actorId: actor.actorId, at: now.toISOString() },
        now,
      ),
    ];
    if (inBatch) await appendToLog(ctx, inBatch, change, row, actor, note, statements);
    else await ctx.db.batch(statements as never);
  } catch (error) {
    await undo().catch(() => undefined);
    throw error;
  }
  await notifyOutbox(ctx);
}

export interface LinkInput {
  target: End;
  note?: string;
}

/** Links the case to the target; an existing link of the pair is answered as it is (`created: false`). */
export async function linkCase(
  ctx: TenantContext,
  kind: CaseKind,
  caseId: string,
  input: LinkInput,
  actor: LinkActor,
) {
  const self = { kind: CASE_END[kind], id: caseId };
  await assertCase(ctx, self);
  if (sameEnd(self, input.target))
    throw badRequest("A case cannot be linked to itself", [{ path: "target.id", message: "is this case" }]);
  assertMayWrite(input.target, actor.scopes);
  await assertTarget(ctx, input.target, actor.scopes);
  const [a, b] = canonicalPair(self, input.target);
  const existing = await repo.findPair(ctx, a, b);
  if (existing) return { link: presentLink(existing, self), created: false };
  const row: CaseLinkRow = {
    id: crypto.randomUUID(),
    tenantId: ctx.tenantId,
    aKind: a.kind,
    aId: a.id,
    bKind: b.kind,
    bId: b.id,
    createdBy: actor.actorId,
    actorKeyId: actor.actorKeyId,
    createdAt: ctx.clock.now().toISOString(),
  };
  const { tenantId: _t, ...insert } = row;
  try {
    await repo.insertLink(ctx, insert);
  } catch (error) {
    // A concurrent request linked the same pair first: its link is the answer.
    const raced = await repo.findPair(ctx, a, b);
    if (raced) return { link: presentLink(raced, self), created: false };
    throw error;
  }
  await recordChange(ctx, "linked", row, actor, input.note ?? null, () => repo.deleteLink(ctx, row.id));
  return { link: presentLink(row, self), created: true };
}

/** Both directions: every link that has this case at either end. */
export async function listLinks(
  ctx: TenantContext,
  kind: CaseKind,
  caseId: string,
  scopes: readonly Scope[],
) {
  const self = { kind: CASE_END[kind], id: caseId };
  await assertCase(ctx, self);
  const rows = await repo.linksOf(ctx, self);
  return (await readableLinks(ctx, rows, self, scopes)).map((r) => presentLink(r, self));
}

/** The links of a stored monitoring alert (404 for another tenant's, or one the key cannot read). */
export async function alertLinks(ctx: TenantContext, alertId: string, scopes: readonly Scope[]) {
  await alertDirectory().assertReadable(ctx, alertId, scopes);
  const self: End = { kind: "alert", id: alertId };
  const rows = await repo.linksOf(ctx, self);
  return (await readableLinks(ctx, rows, self, scopes)).map((r) => presentLink(r, self));
}

/** Removes a link of this case; both case ends record `unlinked`. */
export async function unlinkCase(
  ctx: TenantContext,
  kind: CaseKind,
  caseId: string,
  linkId: string,
  actor: LinkActor & { note?: string },
) {
  const self = { kind: CASE_END[kind], id: caseId };
  await assertCase(ctx, self);
  const row = await repo.findLinkOf(ctx, linkId, self);
  if (!row) throw notFound("Link");
  assertMayWrite(otherEnd(row, self), actor.scopes);
  // A concurrent request removed it first: for this one the link is gone, as for a retry.
  if (!(await repo.removeLink(ctx, row.id))) throw notFound("Link");
  const { tenantId: _t, ...restore } = row;
  await recordChange(ctx, "unlinked", row, actor, actor.note ?? null, () => repo.insertLink(ctx, restore));
  return presentLink(row, self);
}
