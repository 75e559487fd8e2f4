/**
 * Sanctions screening for a tenant (docs/methodology/sanctions.md): its subscriptions and
 * threshold, on-demand screening, screening of customers and counterparties into cases, and the
 * cases' decisions with four eyes on clearing.
 */
import type { TenantScope } from "../../db/client";
import type { PageRequest } from "../../db/keyset";
import type { TenantContext } from "../../db/tenant-context";
import { sendJobs } from "../../jobs/enqueue";
import { jobs } from "../../jobs/messages";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { presentPage } from "../../lib/pagination";
import { yieldToEventLoop } from "../../lib/yield";
import { type OperatorContext, tenantActor, tenantAuditInsert } from "../audit/service";
import { eventInsert, eventInsertOnce, notifyOutbox } from "../events/service";
import { type Decision, decide } from "./domain/case-state";
import { mergeTransactionIds } from "./domain/counterparty";
import {
  type Confirmation,
  DEFAULT_THRESHOLD,
  type ScreenHit,
  ScreeningIndex,
  type ScreenQuery,
} from "./domain/match";
import type { NameStrength } from "./domain/types";
import {
  changedEntries,
  existingLists,
  type ListedEntry,
  type LoadListInput,
  loadListVersion,
  screeningIndex,
} from "./lists/service";
import * as repo from "./repo";
import { subscribersOf } from "./system-repo";

export interface SanctionsSettings {
  lists: string[];
  threshold: number;
  updatedAt: string | null;
}

export async function getSettings(scope: TenantScope): Promise<SanctionsSettings> {
  return settingsOf(await repo.findSettings(scope));
}

/** getSettings as a statement for a caller's D1 batch, and `decode` for its rows. */
export const settingsRead = (scope: TenantScope) => ({
  item: repo.settingsQuery(scope),
  decode: (rows: readonly repo.SettingsRow[]) => settingsOf(rows[0]),
});

const settingsOf = (row: repo.SettingsRow | undefined): SanctionsSettings =>
  row
    ? { lists: row.listIds, threshold: row.threshold, updatedAt: row.updatedAt }
    : { lists: [], threshold: DEFAULT_THRESHOLD, updatedAt: null };

/** Replaces the tenant's subscriptions and threshold; every list named must exist. Audited. */
export async function updateSettings(ctx: TenantContext, input: { lists: string[]; threshold?: number }) {
  const lists = [...new Set(input.lists)];
  const known = new Set((await existingLists(ctx.env, lists)).map((l) => l.id));
  const unknown = lists.map((id, i) => ({ id, i })).filter(({ id }) => !known.has(id));
  if (unknown.length > 0) {
    throw badRequest(
      "unknown sanctions list",
      unknown.map(({ id, i }) => ({ path: `lists.${i}`, message: `no sanctions list ${id}` })),
    );
  }
  const before = await getSettings(ctx);
  const threshold = input.threshold ?? before.threshold;
  const at = ctx.clock.now().toISOString();
  await ctx.db.batch([
    repo.upsertSettings(ctx, lists, threshold, at),
    tenantAuditInsert(ctx, {
      action: "sanctions.settings_updated",
      target: { type: "sanctions_settings", id: ctx.tenantId },
      before: { lists: before.lists, threshold: before.threshold },
      after: { lists, threshold },
    }),
  ]);
  return { lists, threshold, updatedAt: at };
}

export interface HitView {
  listId: string;
  entryRef: string;
  score: number;
  nameScore: number;
  matchedName: string;
  nameStrength: NameStrength;
  matchedFields: string[];
  dateOfBirth: Confirmation;
  nationality: Confirmation;
  entry: Omit<ListedEntry, "listId" | "hash">;
}

const presentHit = (h: ScreenHit<ListedEntry>): HitView => {
  const { listId, hash: _hash, ...entry } = h.entry;
  return {
    listId,
    entryRef: entry.ref,
    score: h.score,
    nameScore: h.nameScore,
    matchedName: h.matchedName,
    nameStrength: h.nameStrength,
    matchedFields: h.matchedFields,
    dateOfBirth: h.dateOfBirth,
    nationality: h.nationality,
    entry,
  };
};

/** Screens one name (with optional details) against the tenant's lists; stores nothing. */
export async function screenOnDemand(ctx: TenantContext, query: ScreenQuery & { threshold?: number }) {
  const settings = await getSettings(ctx);
  const threshold = query.threshold ?? settings.threshold;
  const { index, versions } = await screeningIndex(ctx.env, settings.lists);
  const hits = index.screen(query, threshold).slice(0, 50).map(presentHit);
  return { threshold, lists: versions, hits };
}

export interface Subject {
  id: string;
  name: string;
  dateOfBirth?: string | null;
  nationality?: string | null;
  kind?: "person" | "organisation" | null;
  /** A counterparty's transactions that named it, most recent first (a case keeps them as evidence). */
  transactionIds?: string[];
}

export type ScreenSource = "customer" | "transaction" | "rescreen";

/**
 * Screens subjects against the tenant's lists (or only `against`, a rescreen's changed entries)
 * and opens a case per new (subject, entry) hit, or refreshes the open one; a hit remembered as a
 * false positive for the same entry hash raises nothing. Events and cases in one batch.
 * `known`: the tenant's settings when the caller has read them.
 */
export async function screenSubjects(
  ctx: TenantContext,
  subjectType: "customer" | "counterparty",
  subjects: Subject[],
  source: ScreenSource,
  against?: { screen: (q: ScreenQuery, threshold: number) => ScreenHit<ListedEntry>[] },
  known?: SanctionsSettings,
): Promise<{ screened: number; opened: number; refreshed: number }> {
  const settings = known ?? (await getSettings(ctx));
  if (settings.lists.length === 0 || subjects.length === 0) return { screened: 0, opened: 0, refreshed: 0 };
  const index = against ?? (await screeningIndex(ctx.env, settings.lists)).index;
  const subscribed = new Set(settings.lists);
  const found = subjects.flatMap((s) =>
    index
      .screen(s, settings.threshold)
      .filter((h) => subscribed.has(h.entry.listId))
      .map((hit) => ({ subject: s, hit })),
  );
  if (found.length === 0) return { screened: subjects.length, opened: 0, refreshed: 0 };
  const ids = [...new Set(found.map((f) => f.subject.id))];
  const [open, cleared] = await Promise.all([
    repo.openCasesOf(ctx, subjectType, ids),
    repo.clearancesOf(ctx, subjectType, ids),
  ]);
  const key = (subjectId: string, listId: string, ref: string) => `${subjectId}\u0000${listId}\u0000${ref}`;
  const openBy = new Map(open.map((c) => [key(c.subjectId, c.listId, c.entryRef), c]));
  const clearedBy = new Map(cleared.map((c) => [key(c.subjectId, c.listId, c.entryRef), c.entryHash]));
  const now = ctx.clock.now();
  const at = now.toISOString();
  const statements = [];
  let opened = 0;
  let refreshed = 0;
  for (const { subject, hit } of found) {
    const k = key(subject.id, hit.entry.listId, hit.entry.ref);
    if (clearedBy.get(k) === hit.entry.hash) continue;
    const stored = { ...presentHit(hit), entry: undefined };
    const prior = openBy.get(k);
    if (prior) {
      statements.push(
        repo.refreshCase(ctx, prior.id, {
          entryHash: hit.entry.hash,
          matchedName: hit.matchedName,
          score: hit.score,
          hit: stored,
          source,
          updatedAt: at,
          ...(subject.transactionIds?.length
            ? { transactionIds: mergeTransactionIds(subject.transactionIds, prior.transactionIds ?? []) }
            : {}),
        }),
      );
      refreshed++;
      continue;
    }
    const id = crypto.randomUUID();
    openBy.set(k, { id } as repo.CaseRow);
    statements.push(
      repo.insertCase(ctx, {
        id,
        subjectType,
        subjectId: subject.id,
        subjectName: subject.name,
        listId: hit.entry.listId,
        entryRef: hit.entry.ref,
        entryHash: hit.entry.hash,
        matchedName: hit.matchedName,
        score: hit.score,
        hit: stored,
        source,
        transactionIds: subject.transactionIds ?? [],
        state: "potential_match",
        createdAt: at,
        updatedAt: at,
      }),
      eventInsert(
        ctx,
        "sanctions.potential_match",
        {
          caseId: id,
          subjectType,
          subjectId: subject.id,
          listId: hit.entry.listId,
          entryRef: hit.entry.ref,
          score: hit.score,
          source,
          ...(subject.transactionIds?.[0] ? { transactionId: subject.transactionIds[0] } : {}),
        },
        now,
      ),
    );
    opened++;
  }
  if (statements.length > 0) {
    await ctx.db.batch(statements as [(typeof statements)[0], ...typeof statements]);
    if (opened > 0) await notifyOutbox(ctx);
  }
  return { screened: subjects.length, opened, refreshed };
}

export interface CaseView {
  caseId: string;
  subjectType: repo.CaseRow["subjectType"];
  subjectId: string;
  subjectName: string;
  listId: string;
  entryRef: string;
  matchedName: string;
  score: number;
  matchedFields: string[];
  source: string;
  transactionIds: string[];
  state: repo.CaseRow["state"];
  reason: string | null;
  clearRequestedBy: string | null;
  clearRequestedAt: string | null;
  clearReason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const presentCase = (c: repo.CaseRow): CaseView => ({
  caseId: c.id,
  subjectType: c.subjectType,
  subjectId: c.subjectId,
  subjectName: c.subjectName,
  listId: c.listId,
  entryRef: c.entryRef,
  matchedName: c.matchedName,
  score: c.score,
  matchedFields: (c.hit.matchedFields as string[] | undefined) ?? [],
  source: c.source,
  transactionIds: c.transactionIds ?? [],
  state: c.state,
  reason: c.reason,
  clearRequestedBy: c.clearRequestedBy,
  clearRequestedAt: c.clearRequestedAt,
  clearReason: c.clearReason,
  decidedBy: c.decidedBy,
  decidedAt: c.decidedAt,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

export async function listCases(
  ctx: TenantContext,
  filter: { state?: repo.CaseRow["state"]; subjectId?: string },
  page: PageRequest,
) {
  return presentPage(await repo.casePage(ctx, filter, page), presentCase);
}

export async function getCase(ctx: TenantContext, caseId: string): Promise<CaseView> {
  const row = await repo.findCase(ctx, caseId);
  if (!row) throw notFound("Sanctions case");
  return presentCase(row);
}

/**
 * A decision on an open case: confirmed at once; false positive asked by one key and cleared by
 * another, which also remembers the clearance for the subject and entry hash. Audited; a final
 * decision emits sanctions.case_decided.
 */
export async function decideCase(
  ctx: TenantContext,
  caseId: string,
  input: { decision: Decision; reason: string },
) {
  const row = await repo.findCase(ctx, caseId);
  if (!row) throw notFound("Sanctions case");
  const actor = tenantActor(ctx).id;
  const outcome = decide(row, input.decision, actor);
  if (outcome.kind === "refused") throw new AppError(outcome.code, outcome.message);
  const now = ctx.clock.now();
  const at = now.toISOString();
  const patch =
    outcome.kind === "request_clear"
      ? { clearRequestedBy: actor, clearRequestedAt: at, clearReason: input.reason, updatedAt: at }
      : {
          state: outcome.kind === "confirm" ? ("confirmed" as const) : ("false_positive" as const),
          reason: input.reason,
          decidedBy: actor,
          decidedAt: at,
          updatedAt: at,
        };
  const update = repo.decideCase(
    ctx,
    caseId,
    patch,
    outcome.kind === "confirm" ? undefined : row.clearRequestedBy,
  );
  const audit = tenantAuditInsert(
    ctx,
    {
      action: "sanctions_case.decided",
      target: { type: "sanctions_case", id: caseId },
      before: { state: row.state, clearRequestedBy: row.clearRequestedBy },
      after: { decision: input.decision, step: outcome.kind, reason: input.reason },
    },
    { onlyIfChanged: true },
  );
  const final = outcome.kind !== "request_clear";
  const [updated] = final
    ? await ctx.db.batch([
        update,
        audit,
        ...(outcome.kind === "clear" ? [repo.rememberClearance(ctx, row, at)] : []),
        // Keyed by the case (decided once): a concurrent decision whose update changed nothing
        // records no second event.
        eventInsertOnce(
          ctx,
          caseId,
          "sanctions.case_decided",
          {
            caseId,
            subjectType: row.subjectType,
            subjectId: row.subjectId,
            state: patch.state as "confirmed",
          },
          at,
        ),
      ])
    : await ctx.db.batch([update, audit]);
  const changed = (updated as repo.CaseRow[])[0];
  if (!changed) throw new AppError("conflict", "the case changed meanwhile: read it again");
  if (final) await notifyOutbox(ctx);
  return presentCase(changed);
}

/** Customers screened per job turn: a page read, screened in memory, its cases in one batch. */
export const CUSTOMER_PAGE = 500;

const info = (bag: Record<string, string>, ...keys: string[]) => {
  for (const k of keys) if (bag[k]) return bag[k];
  return null;
};

/** A customer as a screening subject: date of birth and nationality from its business info when given. */
const subjectOf = (c: Awaited<ReturnType<typeof repo.customerPage>>[number]): Subject => ({
  id: c.id,
  name: c.name,
  kind: c.type === "individual" ? "person" : c.type === "business" ? "organisation" : null,
  dateOfBirth: info(c.businessInfo, "dateOfBirth", "date_of_birth", "dob"),
  nationality: info(c.businessInfo, "nationality", "country")?.toUpperCase() ?? null,
});

/** Per isolate: the index of a version's diff, by list, version and the list's current version. */
const diffIndexes = new Map<string, ScreeningIndex<ListedEntry>>();

/**
 * The index of the entries a version added or changed, as they are now: read and built once per
 * isolate while the list stays at the same current version, not once per page of a rescreen.
 */
async function diffIndex(env: TenantContext["env"], listId: string, version: number) {
  const [list] = await existingLists(env, [listId]);
  const key = `${listId}\u0000${version}\u0000${list?.currentVersion ?? 0}`;
  const cached = diffIndexes.get(key);
  if (cached) return cached;
  const index = new ScreeningIndex(await changedEntries(env, listId, version));
  if (diffIndexes.size >= 8) diffIndexes.delete(diffIndexes.keys().next().value as string);
  diffIndexes.set(key, index);
  return index;
}

/**
 * One page of a customer screening: customers updated since `since` against every subscribed
 * list, or (`listId` and `version`) every customer against the entries that version added or
 * changed. Answers where the next page starts, or null when done.
 */
export async function screenCustomerPage(
  ctx: TenantContext,
  at: { since?: string; listId?: string; version?: number; afterId?: string },
): Promise<{ screened: number; opened: number; afterId: string | null }> {
  const settings = await getSettings(ctx);
  const rescreen = at.listId !== undefined && at.version !== undefined;
  if (rescreen ? !settings.lists.includes(at.listId as string) : settings.lists.length === 0) {
    return { screened: 0, opened: 0, afterId: null };
  }
  let against: ScreeningIndex<ListedEntry> | undefined;
  if (rescreen) {
    against = await diffIndex(ctx.env, at.listId as string, at.version as number);
    if (against.nameCount === 0) return { screened: 0, opened: 0, afterId: null };
  }
  const page = await repo.customerPage(
    ctx,
    { since: rescreen ? undefined : at.since, afterId: at.afterId },
    CUSTOMER_PAGE,
  );
  const result = await screenSubjects(
    ctx,
    "customer",
    page.map(subjectOf),
    rescreen ? "rescreen" : "customer",
    against,
    settings,
  );
  const last = page.at(-1)?.id ?? null;
  return {
    screened: result.screened,
    opened: result.opened,
    afterId: page.length === CUSTOMER_PAGE ? last : null,
  };
}

/** Pages one job invocation screens at most, and the wall time after which it hands over to a new message. */
export const PAGES_PER_TURN = 40;
export const TURN_WALL_MS = 15_000;

/**
 * Pages of a customer screening within one invocation (docs/methodology/sanctions.md#rescreen-speed):
 * up to PAGES_PER_TURN pages (about 6 D1 queries each, of the invocation's 1,000) or TURN_WALL_MS,
 * yielding to the event loop between pages. Answers where the next turn starts, or null when done.
 */
export async function screenCustomerPages(
  ctx: TenantContext,
  at: { since?: string; listId?: string; version?: number; afterId?: string },
): Promise<{ screened: number; opened: number; pages: number; afterId: string | null }> {
  const started = Date.now();
  const total = { screened: 0, opened: 0, pages: 0, afterId: at.afterId ?? null };
  for (;;) {
    const page = await screenCustomerPage(ctx, { ...at, afterId: total.afterId ?? undefined });
    total.screened += page.screened;
    total.opened += page.opened;
    total.pages++;
    total.afterId = page.afterId;
    if (!page.afterId || total.pages >= PAGES_PER_TURN || Date.now() - started >= TURN_WALL_MS) return total;
    await yieldToEventLoop();
  }
}

/**
 * After a list's new version: one rescreen per subscribed tenant, on the jobs queue, matching
 * only the entries the version added or changed against the tenant's customers.
 */
export async function requestRescreens(
  env: TenantContext["env"],
  listId: string,
  version: number,
): Promise<number> {
  const tenants = await subscribersOf(env, listId);
  await sendJobs(
    env,
    tenants.map((tenantId) => jobs.sanctionsScreen(tenantId, { listId, version })),
  );
  return tenants.length;
}

/** Loads a list version (lists/service.ts) and, when it is new, rescreens the subscribers against its diff. */
export async function loadList(op: OperatorContext, listId: string, input: LoadListInput) {
  const loaded = await loadListVersion(op, listId, input);
  const rescreens =
    loaded.created && loaded.version.added + loaded.version.changed > 0
      ? await requestRescreens(op.env, listId, loaded.version.version)
      : 0;
  return { ...loaded, rescreens };
}
