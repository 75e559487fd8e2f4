import {
  aggregateKey,
  DEFAULT_TRANSACTION_WINDOW_DAYS,
  isEntitySubject,
  type ListCondition,
  leaves,
  listKey,
  operandAggregates,
  transactionKey,
} from "./keys";
import {
  aggregateExpressions,
  candidatesExpression,
  counterpartyListExpression,
  groupsCte,
  instant,
  latestExpression,
  literal,
  type PredicateContext,
  predicate,
  rowColumns,
  Strings,
  windowOf,
} from "./sql-parts";
import type { Aggregate, Condition, CustomRule } from "./tree";

/** How list values compare (the lists module stores entries normalized the same way). */
export function normalizeListValue(subject: ListCondition["subject"], value: string): string {
  if (subject === "entity_phone") return value.replace(/[+\s\-().]/g, "");
  return value.trim().toLowerCase();
}

/**
 * Compiles a rule set's custom rules into set-based SQL (docs/methodology/rules.md#sql):
 * one pass over the entity's transactions computes every aggregate of every rule with
 * conditional aggregation, for one entity (evaluate) or for a page of entities (backtest,
 * GROUP BY entity). Pure: the output is text and placeholders, which the repository renders
 * with drizzle (`param` is a bound value, `tenant` the tenant predicate on an alias).
 * Bound parameters per statement: 2-5 whatever the rule set (tenant ids, the JSON of string
 * constants, the entity id or page cursor). A rule set whose SQL would pass
 * `maxStatementChars` is split into statements over the same rows (D1: 100 KB per statement).
 */
export type Fragment =
  | string
  | { param: string | number }
  | { tenant: string }
  | { member: Membership }
  /** The transactions row source: the table, or the table plus a proposed row (pre-transaction). */
  | { transactions: true };

/** The list entry type whose normalization a subject's value gets (the lists module's own). */
export type MemberEntryType = "name" | "phone" | "account_number" | "counterparty";

/**
 * A membership test the repository renders with the lists module's `listMembershipSql` over
 * `normalizedColumnSql(entryType, value)`: the owner's normalization, its archived-list and
 * expiry rules and its tenant predicate apply. `value` is a column expression of this compiler.
 */
export interface Membership {
  listId: string;
  entryType: MemberEntryType;
  value: string;
}

const SUBJECT_ENTRY_TYPE: Record<ListCondition["subject"], MemberEntryType> = {
  entity_name: "name",
  entity_phone: "phone",
  entity_account_number: "account_number",
  counterparty: "counterparty",
  counterparty_account: "account_number",
};

/** Raw attribute columns for owner-normalized membership (ENTITY_ATTRIBUTE normalizes itself). */
const RAW_ATTRIBUTE: Partial<Record<EntityType, Record<string, string>>> = {
  customer: { entity_name: "c.name", entity_phone: "c.phone" },
  account: { entity_name: "c.name", entity_phone: "c.phone", entity_account_number: "ac.external_id" },
  agent: { entity_name: "g.agent_name" },
  merchant: { entity_name: "a.entity_id" },
};

/** Placeholder for a membership inside compiled text (a control character no SQL here contains). */
const MEMBER_MARK = "\u0001";

export type EntityType = "customer" | "account" | "agent" | "merchant" | "counterparty";

/** Where list entries come from: the lists module (membership fragments), or values given (tests, previews). */
export type ListSource = { values: Readonly<Record<string, readonly string[]>> } | { membership: true };

/**
 * One entity, or a page of entities in key order: after `after`, up to `upto` (inclusive).
 * `proposed`: the row source is a fragment the repository renders (table UNION ALL one row).
 */
export type Target =
  | { entityId: string; proposed?: boolean }
  | { activeFrom: string; after?: string; upto?: string; limit: number };

export interface CompileInput {
  rules: CustomRule[];
  entityType: EntityType;
  thresholds: Readonly<Record<string, number>>;
  /** Windows end here (ISO instant). */
  asOf: string;
  utcOffsetMinutes: number;
  target: Target;
  lists: ListSource;
  failedStatuses: readonly string[];
  maxStatementChars?: number;
}

export interface ColumnSpec {
  alias: string;
  key: string;
  /**
   * aggregate / previous: a number; list: 0 or 1; fuzzy: the candidate values (a JSON array, or
   * one text for an entity attribute); transaction: the latest transaction's field (evaluate.ts).
   */
  kind: "aggregate" | "previous" | "list" | "fuzzy" | "transaction";
  aggregate?: Aggregate;
}

export interface CompiledQuery {
  statements: Fragment[][];
  columns: ColumnSpec[];
}

const ENTITY_KEY: Record<EntityType, string> = {
  customer: "t.customer_id",
  account: "t.account_id",
  agent: "t.agent_id",
  merchant: "t.merchant_name",
  counterparty: "coalesce(t.counterparty_account, t.counterparty_name)",
};

const DIGITS = (x: string) =>
  ["+", " ", "-", "(", ")", "."].reduce((e, ch) => `replace(${e}, '${ch}', '')`, x);

/** The entity's own attribute an entity subject looks up, and the joins it needs. */
const ENTITY_ATTRIBUTE: Partial<Record<EntityType, Record<string, string>>> = {
  customer: { entity_name: "lower(trim(c.name))", entity_phone: DIGITS("c.phone") },
  account: {
    entity_name: "lower(trim(c.name))",
    entity_phone: DIGITS("c.phone"),
    entity_account_number: "lower(trim(ac.external_id))",
  },
  agent: { entity_name: "lower(trim(g.agent_name))" },
  merchant: { entity_name: "lower(trim(a.entity_id))" },
};

function entityJoins(type: EntityType): Fragment[] {
  if (type === "customer") return [" LEFT JOIN customers c ON ", { tenant: "c" }, " AND c.id = a.entity_id"];
  if (type === "account")
    return [
      " LEFT JOIN accounts ac ON ",
      { tenant: "ac" },
      " AND ac.id = a.entity_id LEFT JOIN customers c ON ",
      { tenant: "c" },
      " AND c.id = ac.customer_id",
    ];
  if (type === "agent") return [" LEFT JOIN agents g ON ", { tenant: "g" }, " AND g.agent_id = a.entity_id"];
  return [];
}

/** The enabled rules that apply to an entity type. */
export const rulesFor = (rules: CustomRule[], type: EntityType): CustomRule[] =>
  rules.filter((r) => r.enabled && r.appliesTo.includes(type));

export function compileCustomRules(input: CompileInput): CompiledQuery {
  const strings = new Strings();
  const asOfMs = Date.parse(input.asOf);
  const ctx: PredicateContext = { strings, asOfMs, thresholds: input.thresholds };
  const columns: Array<ColumnSpec & { sql: string }> = [];
  const entityLists: Array<ColumnSpec & { sql: string }> = [];
  const seen = new Set<string>();
  let lowMs = asOfMs;

  const members: Membership[] = [];
  /** A boolean SQL test: `value` is in the list. */
  const listTest = (listId: string, subject: ListCondition["subject"], value: string): string => {
    if ("values" in input.lists) {
      const values = Object.hasOwn(input.lists.values, listId) ? (input.lists.values[listId] ?? []) : [];
      return `${value} IN (SELECT e.value FROM k, json_each(k.j, '${strings.ref(values.map((v) => normalizeListValue(subject, v)))}') e)`;
    }
    members.push({ listId, entryType: SUBJECT_ENTRY_TYPE[subject], value });
    return `${MEMBER_MARK}${members.length - 1}${MEMBER_MARK}`;
  };

  const groups: Array<ColumnSpec & { cte: string }> = [];
  const addAggregate = (a: Aggregate, previous: boolean) => {
    const key = aggregateKey(a);
    const id = `${previous ? "p" : "v"}:${key}`;
    if (seen.has(id)) return;
    seen.add(id);
    lowMs = Math.min(lowMs, windowOf(asOfMs, a.windowDays, a.offsetDays, previous).startMs);
    if (a.fn === "groups") {
      const alias = `g${groups.length}`;
      const kind = previous ? "previous" : "aggregate";
      groups.push({ alias, key, kind, aggregate: a, cte: groupsCte(alias, a, ctx, previous) });
      return;
    }
    const alias = `${previous ? "p" : "v"}${columns.length}`;
    const parts = aggregateExpressions(a, predicate(a, ctx, previous));
    columns.push({
      alias,
      key,
      kind: previous ? "previous" : "aggregate",
      aggregate: a,
      sql: parts.map(([suffix, expr]) => `${expr} AS ${alias}${suffix}`).join(", "),
    });
  };

  for (const rule of rulesFor(input.rules, input.entityType)) {
    for (const leaf of leaves(rule.condition)) {
      if (leaf.op === "compare" || leaf.op === "between") {
        const operands = leaf.op === "compare" ? [leaf.to] : [leaf.low, leaf.high];
        addAggregate(leaf.aggregate, false);
        if (operands.some((o) => "previousPeriod" in o)) addAggregate(leaf.aggregate, true);
      } else if (leaf.op === "in_list") addList(leaf);
      else if (leaf.op === "transaction") addTransaction(leaf);
      for (const a of operandAggregates(leaf)) addAggregate(a, false);
    }
  }

  function addTransaction(c: Extract<Condition, { op: "transaction" }>) {
    const days = c.windowDays ?? DEFAULT_TRANSACTION_WINDOW_DAYS;
    const key = transactionKey(c);
    if (seen.has(`t:${key}`)) return;
    seen.add(`t:${key}`);
    lowMs = Math.min(lowMs, windowOf(asOfMs, days).startMs);
    const alias = `t${columns.length}`;
    columns.push({
      alias,
      key,
      kind: "transaction",
      sql: `${latestExpression(c.field, ctx, days)} AS ${alias}`,
    });
  }

  function addList(c: ListCondition) {
    const key = listKey(c);
    if (seen.has(`l:${key}`)) return;
    seen.add(`l:${key}`);
    if (c.match) {
      // Fuzzy: the candidates go to JS (domain/custom/fuzzy.ts), which compares them with the entries.
      if (isEntitySubject(c.subject)) {
        const attribute = RAW_ATTRIBUTE[input.entityType]?.[c.subject];
        const alias = `f${entityLists.length}`;
        entityLists.push({ alias, key, kind: "fuzzy", sql: `${attribute ?? "NULL"} AS ${alias}` });
      } else {
        const days = c.windowDays ?? 30;
        lowMs = Math.min(lowMs, windowOf(asOfMs, days).startMs);
        const alias = `f${columns.length}`;
        const column = c.subject === "counterparty" ? "r.cn" : "r.cac";
        columns.push({
          alias,
          key,
          kind: "fuzzy",
          sql: `${candidatesExpression(column, ctx, days)} AS ${alias}`,
        });
      }
      return;
    }
    if (isEntitySubject(c.subject)) {
      const attributes = "values" in input.lists ? ENTITY_ATTRIBUTE : RAW_ATTRIBUTE;
      const attribute = attributes[input.entityType]?.[c.subject];
      const alias = `l${entityLists.length}`;
      const test = attribute ? `coalesce(${listTest(c.listId, c.subject, attribute)}, 0)` : "0";
      entityLists.push({ alias, key, kind: "list", sql: `${test} AS ${alias}` });
    } else {
      const alias = `c${columns.length}`;
      lowMs = Math.min(lowMs, windowOf(asOfMs, c.windowDays ?? 30).startMs);
      const column = c.subject === "counterparty" ? "r.cn" : "r.cac";
      const expr = counterpartyListExpression(c, ctx, listTest(c.listId, c.subject, column));
      columns.push({ alias, key, kind: "list", sql: `${expr} AS ${alias}` });
    }
  }

  const target = input.target;
  if ("activeFrom" in target) lowMs = Math.min(lowMs, Date.parse(target.activeFrom));
  // Every string constant is known now: the one JSON parameter is final.
  const json = JSON.stringify({ s: strings.values });
  const chunks = chunk(columns, input.maxStatementChars ?? 80_000);
  const statements = chunks.map((cols, i) =>
    withMembers(
      statement(input, {
        json,
        lowMs,
        asOfMs,
        cols,
        lists: i === 0 ? entityLists : [],
        groups: i === 0 ? groups : [],
      }),
      members,
    ),
  );
  const specs = [...columns, ...entityLists, ...groups].map(({ alias, key, kind, aggregate }) =>
    aggregate ? { alias, key, kind, aggregate } : { alias, key, kind },
  );
  return { statements, columns: specs };
}

/** Replaces membership placeholders in text fragments by `{ member }` fragments. */
function withMembers(fragments: Fragment[], members: Membership[]): Fragment[] {
  if (members.length === 0) return fragments;
  const out: Fragment[] = [];
  for (const f of fragments) {
    if (typeof f !== "string" || !f.includes(MEMBER_MARK)) {
      out.push(f);
      continue;
    }
    f.split(MEMBER_MARK).forEach((part, i) => {
      if (i % 2 === 0) {
        if (part) out.push(part);
      } else out.push({ member: members[Number(part)]! });
    });
  }
  return out;
}

function chunk<T extends { sql: string }>(columns: T[], max: number): T[][] {
  const out: T[][] = [[]];
  let size = 0;
  for (const c of columns) {
    if (size + c.sql.length > max && out[out.length - 1]!.length > 0) {
      out.push([]);
      size = 0;
    }
    out[out.length - 1]!.push(c);
    size += c.sql.length + 2;
  }
  return out;
}

interface Parts {
  json: string;
  lowMs: number;
  asOfMs: number;
  cols: Array<{ sql: string }>;
  lists: Array<{ sql: string }>;
  /** `groups` aggregates: CTEs over the rows `r` (then a CTE of its own), joined to `a`. */
  groups: Array<{ alias: string; cte: string }>;
}

function statement(input: CompileInput, p: Parts): Fragment[] {
  const key = ENTITY_KEY[input.entityType];
  const target = input.target;
  const out: Fragment[] = [];
  out.push("WITH k(j) AS (SELECT ", { param: p.json }, ")");
  const selected = p.cols.map((c) => c.sql);
  if ("activeFrom" in target)
    selected.push(`count(CASE WHEN r.d >= ${instant(Date.parse(target.activeFrom))} THEN 1 END) AS active`);
  // The rows: inline in `a` (as always), or a CTE of their own when `groups` CTEs read them too.
  const rows: Fragment[] = [];
  const columns = rowColumns(key, input.utcOffsetMinutes, input.failedStatuses);
  if ("proposed" in target && target.proposed)
    rows.push(`(SELECT ${columns} FROM `, { transactions: true }, " t WHERE ", { tenant: "t" });
  else rows.push(`(SELECT ${columns} FROM transactions t WHERE `, { tenant: "t" });
  rows.push(` AND t.transaction_date > ${instant(p.lowMs)} AND t.transaction_date <= ${instant(p.asOfMs)}`);
  if ("entityId" in target) rows.push(` AND ${key} = `, { param: target.entityId }, ")");
  else {
    rows.push(` AND ${key} IS NOT NULL`);
    if (target.after !== undefined) rows.push(` AND ${key} > `, { param: target.after });
    if (target.upto !== undefined) rows.push(` AND ${key} <= `, { param: target.upto });
    rows.push(")");
  }
  const grouped = p.groups.length > 0;
  if (grouped) out.push(", r AS ", ...rows);
  out.push(", a AS (SELECT ", "entityId" in target ? { param: target.entityId } : "r.e", " AS entity_id");
  for (const s of selected) out.push(`, ${s}`);
  if (grouped) out.push(" FROM r");
  else out.push(" FROM ", ...rows, " r");
  if ("entityId" in target) out.push(")");
  else
    out.push(
      ` GROUP BY r.e HAVING active > 0 ORDER BY r.e LIMIT ${literal(Math.max(1, Math.floor(target.limit)))})`,
    );
  for (const g of p.groups) out.push(`, ${g.cte}`);
  out.push(" SELECT a.*");
  for (const l of p.lists) out.push(`, ${l.sql}`);
  for (const g of p.groups) out.push(`, coalesce(${g.alias}.v, 0) AS ${g.alias}`);
  out.push(" FROM a");
  if (p.lists.length) out.push(...entityJoins(input.entityType));
  for (const g of p.groups) out.push(` LEFT JOIN ${g.alias} ON ${g.alias}.e = a.entity_id`);
  return out;
}
