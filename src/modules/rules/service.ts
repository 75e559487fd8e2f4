import type { PageRequest } from "../../db/keyset";
import type { TenantContext } from "../../db/tenant-context";
import { jobs } from "../../jobs/messages";
import { uuidV7 } from "../../lib/crypto";
import { AppError, badRequest, conflict, type ErrorDetail, notFound } from "../../lib/errors";
import { presentPage } from "../../lib/pagination";
import { tenantActor, tenantAuditInsert } from "../audit/service";
import { listInfo } from "../lists/service";
import { contentHash } from "./domain/canonical";
import { listReferences } from "./domain/custom/keys";
import { utcOffsetMinutes } from "./domain/custom/time-zone";
import type { LiveRuleSet, RuleSetChoice, RuleSetContent, RuleSetKind } from "./domain/document";
import { mergeInput } from "./domain/merge";
import { checkContent, type RuleSetInput } from "./domain/validate";
import { ruleFeedback } from "./feedback/service";
import { forget, type LiveState, liveRuleSet, liveState } from "./live/service";
import { presentDraft, presentPublication, presentVersion, presentVersionSummary } from "./present";
import * as repo from "./repo";

export {
  type LiveState,
  liveRuleSet,
  liveRuleSets,
  liveState,
  liveStates,
  liveStatesRead,
  sameLiveStates,
  useLiveStates,
} from "./live/service";

import { isUniqueViolation } from "../../db/unique-violation";

/**
 * The rule set an evaluation asked for: the live version, or the tenant's current draft of the
 * kind (stamped as a draft; version = the version it is based on). No draft: a 400 on `ruleSet`.
 */
export async function ruleSetFor(
  ctx: TenantContext,
  kind: RuleSetKind,
  choice: RuleSetChoice = "live",
): Promise<LiveRuleSet> {
  if (choice === "live") return liveRuleSet(ctx, kind);
  const draft = await repo.getDraft(ctx, kind);
  if (!draft)
    throw badRequest(`No ${kind} draft to evaluate`, [
      { path: "ruleSet", message: `The tenant has no ${kind} rule-set draft; PUT one first or use "live"` },
    ]);
  return {
    kind,
    version: draft.basedOnVersion,
    hash: draft.contentHash,
    content: draft.content,
    draft: { draftId: draft.id, revision: draft.revision },
  };
}

/**
 * The tenant's time zone for hour-of-day rules: `settings.timeZone` (IANA, validated when the
 * operator sets it), default UTC; with its offset at `at` (docs/methodology/rules.md#time-zones).
 */
export function tenantTimeZone(ctx: TenantContext, at: Date): { timeZone: string; utcOffsetMinutes: number } {
  const zone = ctx.tenant.settings.timeZone;
  if (typeof zone === "string" && zone) {
    try {
      return { timeZone: zone, utcOffsetMinutes: utcOffsetMinutes(zone, at) };
    } catch {
      // A zone the runtime no longer knows: UTC rather than a failed evaluation.
    }
  }
  return { timeZone: "UTC", utcOffsetMinutes: 0 };
}

const actorOf = (ctx: TenantContext) => tenantActor(ctx).id;
export const requiresSecondApprover = (ctx: TenantContext) =>
  ctx.tenant.settings.rulesRequireSecondApprover === true;

export async function getRuleSet(ctx: TenantContext, kind: RuleSetKind) {
  const [live, draft, feedback] = await Promise.all([
    liveState(ctx, kind),
    repo.getDraft(ctx, kind),
    ruleFeedback(ctx, kind),
  ]);
  return {
    kind,
    live: { version: live.version, hash: live.hash, publishedAt: live.publishedAt, content: live.content },
    draft: draft ? presentDraft(draft) : null,
    requiresSecondApprover: requiresSecondApprover(ctx),
    feedback,
  };
}

// ---- draft -------------------------------------------------------------------------------

/** The tenant's stored draft of the kind, or undefined (what a rule-set backtest compares with live). */
export const draftRuleSet = (ctx: TenantContext, kind: RuleSetKind) => repo.getDraft(ctx, kind);

export async function getDraft(ctx: TenantContext, kind: RuleSetKind) {
  const draft = await repo.getDraft(ctx, kind);
  if (!draft) throw notFound("Draft");
  return presentDraft(draft);
}

/**
 * Lists the custom rules name that the tenant does not have, or has archived: such a rule would
 * never fire, so it is refused (one detail per `listId`). One read per distinct list (at most 12).
 */
async function missingListProblems(ctx: TenantContext, content: RuleSetContent): Promise<ErrorDetail[]> {
  const refs = listReferences(content.custom);
  const ids = [...new Set(refs.map((r) => r.listId))];
  const infos = new Map(await Promise.all(ids.map(async (id) => [id, await listInfo(ctx, id)] as const)));
  return refs.flatMap(({ listId, path }) => {
    const info = infos.get(listId);
    if (!info) return [{ path, message: `No list ${listId} exists for this tenant (GET /v1/lists)` }];
    if (!info.active) return [{ path, message: `List ${listId} is archived: the rule would never match` }];
    return [];
  });
}

/**
 * Validates (one 400 detail per problem) and saves the draft: the current draft's content, else
 * the live version's, with only what the request names changed (domain/merge.ts).
 */
export async function putDraft(ctx: TenantContext, kind: RuleSetKind, input: RuleSetInput) {
  const [before, live] = await Promise.all([repo.getDraft(ctx, kind), liveState(ctx, kind)]);
  const merged = mergeInput(before?.content ?? live.content, input);
  const { content, problems } = checkContent(kind, merged, ctx.tenant.settings);
  if (problems.length === 0) problems.push(...(await missingListProblems(ctx, content)));
  if (problems.length) throw badRequest("Invalid rule set", problems);
  const now = ctx.clock.now().toISOString();
  const actor = actorOf(ctx);
  const hash = await contentHash(content);
  await ctx.db.batch([
    repo.upsertDraft(ctx, {
      id: crypto.randomUUID(),
      kind,
      content,
      contentHash: hash,
      basedOnVersion: live.version,
      revision: 1,
      editors: [actor],
      createdBy: actor,
      updatedBy: actor,
      createdAt: now,
      updatedAt: now,
    }),
    tenantAuditInsert(ctx, {
      action: "rule_set.draft_saved",
      target: { type: "rule_set_draft", id: kind },
      before: before
        ? { draftId: before.id, revision: before.revision, hash: before.contentHash }
        : undefined,
      after: { hash, basedOnVersion: before?.basedOnVersion ?? live.version },
    }),
  ]);
  return getDraft(ctx, kind);
}

export async function deleteDraft(ctx: TenantContext, kind: RuleSetKind): Promise<void> {
  const draft = await repo.getDraft(ctx, kind);
  if (!draft) throw notFound("Draft");
  const exact = { id: draft.id, revision: draft.revision };
  await ctx.db.batch([
    repo.deleteDraft(ctx, kind, exact),
    tenantAuditInsert(
      ctx,
      {
        action: "rule_set.draft_deleted",
        target: { type: "rule_set_draft", id: kind },
        before: { draftId: draft.id, revision: draft.revision, hash: draft.contentHash },
      },
      { onlyIfChanged: true },
    ),
  ]);
}

// ---- reading versions and the log ------------------------------------------------------------

export async function listVersions(ctx: TenantContext, kind: RuleSetKind, page: PageRequest) {
  return presentPage(await repo.listVersions(ctx, kind, page), presentVersionSummary);
}

export async function getVersion(ctx: TenantContext, kind: RuleSetKind, version: number) {
  const row = await repo.getVersion(ctx, kind, version);
  if (!row) throw notFound("Rule-set version");
  return presentVersion(row);
}

export async function listPublications(ctx: TenantContext, kind: RuleSetKind, page: PageRequest) {
  return presentPage(await repo.listPublications(ctx, kind, page), presentPublication);
}

// ---- publishing ------------------------------------------------------------------------------

export const secondApproverRequired = (message: string) => new AppError("second_approver_required", message);

/**
 * Seconds between a publication and its rescreen: versions published in a row (a publish then a
 * rollback) rescreen the book once, under the last (monitoring drops a message whose version is
 * no longer live), and a mistaken version can be rolled back before the whole book is judged by it.
 */
export const RESCREEN_DELAY_SECONDS = 60;

/**
 * The new version reaches the book: monitoring rescreens the population under it (a
 * monitoring.rescreen message; monitoring makes it one run per kind and version). A failed send
 * is logged: the version stands, and POST /v1/monitoring/rescreens starts the same run.
 */
async function requestRescreen(ctx: TenantContext, kind: RuleSetKind, version: number) {
  try {
    await ctx.env.JOBS_QUEUE.send(jobs.monitoringRescreen(ctx.tenantId, kind, version), {
      delaySeconds: RESCREEN_DELAY_SECONDS,
    });
  } catch (err) {
    console.error(JSON.stringify({ msg: "monitoring.rescreen not sent", kind, version, error: String(err) }));
  }
}

export interface Publication {
  kind: RuleSetKind;
  content: RuleSetContent;
  action: "publish" | "rollback" | "thresholds";
  reason: string | null;
  draft?: { id: string; revision: number; createdBy: string; updatedBy: string; createdAt: string };
  rolledBackTo?: number;
  /** The audit entry, given the live state before and the new version number. */
  audit: (before: LiveState, version: number, hash: string) => Parameters<typeof tenantAuditInsert>[1];
}

/**
 * Freezes content as version N+1 and makes it live, atomically with its log entry, the head and
 * the audit entry. 409 when another publication took N+1 first or the draft changed meanwhile.
 */
export async function publishVersion(ctx: TenantContext, p: Publication) {
  const live = await liveState(ctx, p.kind);
  const now = ctx.clock.now().toISOString();
  const actor = actorOf(ctx);
  const hash = await contentHash(p.content);
  const number = live.version + 1;
  const version = {
    id: crypto.randomUUID(),
    kind: p.kind,
    version: number,
    content: p.content,
    contentHash: hash,
    basedOnVersion: live.version,
    fromDraftId: p.draft?.id ?? null,
    createdBy: p.draft?.createdBy ?? actor,
    updatedBy: p.draft?.updatedBy ?? actor,
    publishedBy: actor,
    createdAt: p.draft?.createdAt ?? now,
    publishedAt: now,
  };
  const log = {
    id: uuidV7(ctx.clock.now()),
    kind: p.kind,
    version: number,
    action: p.action,
    actorKeyId: actor,
    fromDraftId: version.fromDraftId,
    basedOnVersion: live.version,
    rolledBackTo: p.rolledBackTo ?? null,
    reason: p.reason,
    contentHash: hash,
    publishedAt: now,
  };
  const audit = tenantAuditInsert(ctx, p.audit(live, number, hash), { onlyIfChanged: true });
  const statements = repo.publicationStatements(ctx, version, log, p.draft);
  let results: unknown[];
  try {
    results = p.draft
      ? await ctx.db.batch([...statements, repo.deleteDraft(ctx, p.kind, p.draft), audit])
      : await ctx.db.batch([...statements, audit]);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`Version ${number} was published concurrently; retry`);
    throw err;
  } finally {
    forget(ctx, p.kind);
  }
  if ((results[0] as D1Result).meta.changes === 0)
    throw conflict("The draft changed while publishing; retry");
  await requestRescreen(ctx, p.kind, number);
  return {
    version: presentVersion({ ...version, tenantId: ctx.tenantId }),
    publication: presentPublication({ ...log, tenantId: ctx.tenantId }),
  };
}
