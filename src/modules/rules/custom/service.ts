import { sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { badRequest } from "../../../lib/errors";
import type { ProposedTransactionRow } from "../../data/read-model";
import { listMembershipSql, listValues, normalizedColumnSql } from "../../lists/service";
import {
  compileCustomRules,
  type EntityType,
  type ListSource,
  rulesFor,
  type Target,
} from "../domain/custom/compile";
import { type CustomRuleOutcome, decodeRow, type LeafValues, ruleOutcome } from "../domain/custom/evaluate";
import { leaves } from "../domain/custom/keys";
import { utcOffsetMinutes } from "../domain/custom/time-zone";
import type { CustomRule } from "../domain/custom/tree";
import { failedStatuses, type MemberSql, runCompiled } from "./repo";

/**
 * Custom rules at run time (docs/methodology/rules.md#sql): one compiled statement
 * (rarely a batch of two or three for the largest rule sets) computes every aggregate of
 * every enabled rule; the boolean trees are evaluated in JS over those values.
 */
interface Common {
  entityType: EntityType;
  /** The rule set's custom rules (all of them: disabled ones and other entity types are skipped). */
  rules: CustomRule[];
  /** The live AML thresholds (major units for money). */
  thresholds: Readonly<Record<string, number>>;
  /** IANA zone for hour-of-day and day filters; default UTC. */
  timeZone?: string;
  /** List entries by list id; absent: the tenant's lists, through the lists module's membership SQL. */
  lists?: Readonly<Record<string, readonly string[]>>;
}

export interface EvaluateCustomInput extends Common {
  entityId: string;
  now: Date;
  /** A transaction not stored, counted as if it were (pre-transaction screening). */
  proposed?: ProposedTransactionRow | null;
}

function offsetOf(timeZone: string | undefined, at: Date): number {
  try {
    return utcOffsetMinutes(timeZone ?? "UTC", at);
  } catch {
    throw badRequest("Invalid time zone", [{ path: "timeZone", message: "Not an IANA time zone" }]);
  }
}

const listSource = (lists: Common["lists"]): ListSource => (lists ? { values: lists } : { membership: true });

/**
 * Membership through the lists module (docs/decisions/lists.md): its normalization of the
 * column, its tenant predicate, archived lists and expired entries never matching, as of `at`.
 */
const memberSql =
  (scope: TenantScope, at: Date): MemberSql =>
  (m) =>
    listMembershipSql(scope, m.listId, normalizedColumnSql(m.entryType, sql.raw(m.value)), at);

function compile(input: Common, asOf: Date, target: Target) {
  return compileCustomRules({
    rules: input.rules,
    entityType: input.entityType,
    thresholds: input.thresholds,
    asOf: asOf.toISOString(),
    utcOffsetMinutes: offsetOf(input.timeZone, asOf),
    target,
    lists: listSource(input.lists),
    failedStatuses,
  });
}

/** Entries of a list read once per scope (a request, a drain): fuzzy leaves of many entities share them. */
const entryMemo = new WeakMap<object, Map<string, Promise<string[]>>>();

/**
 * The entries of the lists the rules' fuzzy `in_list` leaves name (docs/methodology/rules.md#lists):
 * the values given (tests, previews), else the live list's entries through the lists module.
 */
async function fuzzyEntries(
  ctx: TenantScope,
  rules: CustomRule[],
  lists: Common["lists"],
): Promise<Map<string, readonly string[]>> {
  const ids = new Set<string>();
  for (const rule of rules)
    for (const leaf of leaves(rule.condition)) if (leaf.op === "in_list" && leaf.match) ids.add(leaf.listId);
  const out = new Map<string, readonly string[]>();
  if (ids.size === 0) return out;
  const memo = entryMemo.get(ctx) ?? new Map<string, Promise<string[]>>();
  entryMemo.set(ctx, memo);
  for (const id of ids) {
    if (lists) {
      out.set(id, Object.hasOwn(lists, id) ? (lists[id] ?? []) : []);
      continue;
    }
    if (!memo.has(id)) memo.set(id, listValues(ctx, id));
    out.set(id, await memo.get(id)!);
  }
  return out;
}

const withEntries = (values: LeafValues, entries: Map<string, readonly string[]>): LeafValues =>
  entries.size ? { ...values, entries } : values;

/** Outcomes of every enabled custom rule for one entity (fired or not, with evidence). */
export async function evaluateCustomRules(
  ctx: TenantScope,
  input: EvaluateCustomInput,
): Promise<CustomRuleOutcome[]> {
  const rules = rulesFor(input.rules, input.entityType);
  if (rules.length === 0) return [];
  const proposed = input.proposed ?? null;
  const query = compile(input, input.now, { entityId: input.entityId, proposed: proposed !== null });
  const [rows, entries] = await Promise.all([
    runCompiled(ctx, query, memberSql(ctx, input.now), proposed),
    fuzzyEntries(ctx, rules, input.lists),
  ]);
  const values = withEntries(
    decodeRow(query.columns, rows.get(input.entityId) ?? { entity_id: input.entityId }),
    entries,
  );
  return rules.map((rule) => ruleOutcome(rule, values, input.thresholds));
}

export interface CustomHitsInput extends Common {
  /** Entities with a transaction in [from, to] are evaluated, as of `to`. */
  from: Date;
  to: Date;
  /** Entities per statement (rows returned per page); default 1,000. */
  pageSize?: number;
}

export interface CustomHitsPage {
  hits: Map<string, Set<string>>;
  /** Pass as `after` for the next page; null when this was the last. */
  next: string | null;
}

const DEFAULT_PAGE_SIZE = 1_000;

/**
 * One page of a backtest: entities in key order after `after`. A page is one statement (a
 * batch of 2-3 for the largest rule sets) returning at most `pageSize` rows, so a queued
 * backtest can spread pages over invocations (D1: 1,000 queries per invocation).
 */
export async function customRuleHitsPage(
  ctx: TenantScope,
  input: CustomHitsInput & { after?: string; upto?: string },
): Promise<CustomHitsPage> {
  const rules = rulesFor(input.rules, input.entityType);
  const hits = new Map(rules.map((r) => [r.ruleId, new Set<string>()]));
  if (rules.length === 0) return { hits, next: null };
  const limit = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const query = compile(input, input.to, {
    activeFrom: input.from.toISOString(),
    after: input.after,
    upto: input.upto,
    limit,
  });
  const [rows, entries] = await Promise.all([
    runCompiled(ctx, query, memberSql(ctx, input.to)),
    fuzzyEntries(ctx, rules, input.lists),
  ]);
  let last: string | null = null;
  for (const [entityId, row] of rows) {
    const values = withEntries(decodeRow(query.columns, row), entries);
    for (const rule of rules)
      if (ruleOutcome(rule, values, input.thresholds).fired) hits.get(rule.ruleId)!.add(entityId);
    last = entityId; // rows arrive in the statement's ORDER BY (SQLite's collation, not JS's)
  }
  return { hits, next: rows.size < limit ? null : last };
}

/** Which entities each enabled rule hits over [from, to], all pages (synchronous backtests). */
export async function customRuleHits(
  ctx: TenantScope,
  input: CustomHitsInput,
): Promise<Map<string, Set<string>>> {
  const all = new Map<string, Set<string>>();
  let after: string | undefined;
  do {
    const page = await customRuleHitsPage(ctx, { ...input, after });
    for (const [ruleId, ids] of page.hits) {
      const set = all.get(ruleId) ?? new Set<string>();
      for (const id of ids) set.add(id);
      all.set(ruleId, set);
    }
    after = page.next ?? undefined;
  } while (after !== undefined);
  return all;
}
