import type { TenantContext } from "../../../db/tenant-context";
import { versionZero } from "../domain/defaults";
import type { LiveRuleSet, RuleSetKind } from "../domain/document";
import * as repo from "../repo";

/**
 * The live rule sets evaluation runs, read once per request and kind (evaluation, listings and
 * the rule-set view share the read), and version 0's defaults with their hash.
 */

export interface LiveState extends LiveRuleSet {
  publishedAt: string | null;
}

/** One read per request and kind. */
const memo = new WeakMap<TenantContext, Map<RuleSetKind, Promise<LiveState>>>();

type LiveRow = Awaited<ReturnType<typeof repo.readLive>> extends Map<RuleSetKind, infer R> ? R : never;

async function liveStateOf(
  ctx: TenantContext,
  kind: RuleSetKind,
  row: LiveRow | undefined,
): Promise<LiveState> {
  if (row?.content && row.contentHash && row.liveVersion > 0) {
    return {
      kind,
      version: row.liveVersion,
      hash: row.contentHash,
      content: row.content,
      publishedAt: row.publishedAt,
    };
  }
  // Version 0: the defaults, with the AML overrides carried over from before rule sets (0021).
  const zero = versionZero(kind, ctx.tenant.settings, row?.legacyThresholds);
  return { kind, version: 0, hash: await zero.hash, content: zero.content, publishedAt: null };
}

/** Version 0's content: the tenant's defaults with the legacy AML overrides (a rollback to 0 copies it). */
export async function versionZeroContent(ctx: TenantContext, kind: RuleSetKind) {
  const row = (await repo.readLive(ctx, [kind])).get(kind);
  const zero = await liveStateOf(ctx, kind, row ? { ...row, liveVersion: 0 } : undefined);
  return zero.content;
}

const memoOf = (ctx: TenantContext) => {
  const byKind = memo.get(ctx) ?? new Map<RuleSetKind, Promise<LiveState>>();
  memo.set(ctx, byKind);
  return byKind;
};
const missingOf = (ctx: TenantContext, kinds: readonly RuleSetKind[]) =>
  kinds.filter((kind, i) => !memoOf(ctx).has(kind) && kinds.indexOf(kind) === i);

/** Memoises the states of `kinds` for the request, from their rows (one read for them all). */
function remember(
  ctx: TenantContext,
  kinds: readonly RuleSetKind[],
  rows: Promise<Map<RuleSetKind, LiveRow>>,
) {
  const byKind = memoOf(ctx);
  for (const kind of kinds) {
    const state = rows.then((found) => liveStateOf(ctx, kind, found.get(kind)));
    byKind.set(kind, state);
    state.catch(() => byKind.delete(kind));
  }
}

/**
 * The rule sets evaluation runs now, for each kind asked (at most one D1 query for all the
 * kinds not read yet in this request, memoised for the request).
 */
export function liveStates(ctx: TenantContext, kinds: readonly RuleSetKind[]): Promise<LiveState[]> {
  const missing = missingOf(ctx, kinds);
  if (missing.length) remember(ctx, missing, repo.readLive(ctx, missing));
  return Promise.all(kinds.map((kind) => memoOf(ctx).get(kind)!));
}

/**
 * The live states as a statement for the caller's D1 batch, `decode` turning its rows into the
 * states (not memoised: see `useLiveStates`).
 */
export const liveStatesRead = (ctx: TenantContext, kinds: readonly RuleSetKind[]) => ({
  item: repo.liveQuery(ctx, kinds),
  decode: (rows: Awaited<ReturnType<typeof repo.liveQuery>>) => {
    const found = repo.liveRows(rows);
    return Promise.all(kinds.map((kind) => liveStateOf(ctx, kind, found.get(kind))));
  },
});

/** The request's states from now on (states read or confirmed by the caller). */
export function useLiveStates(ctx: TenantContext, states: readonly LiveState[]) {
  const byKind = memoOf(ctx);
  for (const state of states) byKind.set(state.kind, Promise.resolve(state));
}

/** Whether two reads of the live states found the same versions (a version's content is fixed by its hash). */
export const sameLiveStates = (a: readonly LiveState[], b: readonly LiveState[]) =>
  a.length === b.length &&
  a.every((s, i) => s.kind === b[i]!.kind && s.version === b[i]!.version && s.hash === b[i]!.hash);

/** The rule set evaluation runs now (at most one D1 query, memoised for the request). */
export async function liveState(ctx: TenantContext, kind: RuleSetKind): Promise<LiveState> {
  const [state] = await liveStates(ctx, [kind]);
  return state;
}

export async function liveRuleSet(ctx: TenantContext, kind: RuleSetKind): Promise<LiveRuleSet> {
  const [live] = await liveRuleSets(ctx, [kind]);
  return live;
}

/** The live rule sets of several kinds (fraud and AML evaluations read both), in one statement. */
export async function liveRuleSets(
  ctx: TenantContext,
  kinds: readonly RuleSetKind[],
): Promise<LiveRuleSet[]> {
  return (await liveStates(ctx, kinds)).map(({ publishedAt: _publishedAt, ...live }) => live);
}

/** Forgets a kind's memoised state (after a publication in the same request). */
export const forget = (ctx: TenantContext, kind: RuleSetKind) => memo.get(ctx)?.delete(kind);
