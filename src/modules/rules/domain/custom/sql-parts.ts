import { DEFAULT_LIST_WINDOW_DAYS, type ListCondition } from "./keys";
import type {
  Aggregate,
  AggregateField,
  AmountBound,
  Comparator,
  TransactionField,
  TransactionFilter,
} from "./tree";

/**
 * The pieces of the compiled SQL. Everything returned here is built from catalog constants,
 * validated integers and generated ISO instants; every string that came from a tenant (filter
 * values, list ids) travels in the one JSON parameter `k.j` and is referenced by position
 * (`$.s[3]`). `Strings` collects those values and hands out the references.
 */
export class Strings {
  readonly values: unknown[] = [];
  private readonly seen = new Map<string, number>();

  /** A JSON path into k.j for this value (equal values share one slot). */
  ref(value: unknown): string {
    const key = JSON.stringify(value);
    let index = this.seen.get(key);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.seen.set(key, index);
    }
    return `$.s[${index}]`;
  }

  /** `expr IN (the list)`, the list expanded from k.j by json_each (one ephemeral table, built once). */
  inList(expr: string, values: readonly string[]): string {
    return `${expr} IN (SELECT e.value FROM k, json_each(k.j, '${this.ref(values)}') e)`;
  }
}

/** A number safe to write into SQL text (validated input; this is the last line of defence). */
export function literal(n: number): string {
  if (!Number.isFinite(n)) throw new Error("custom rules: non-finite number in SQL");
  return String(n);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export function instant(ms: number): string {
  const text = new Date(ms).toISOString();
  if (!ISO_INSTANT.test(text)) throw new Error("custom rules: instant out of range");
  return `'${text}'`;
}

export const DAY_MS = 86_400_000;

/** The row source's derived columns (the row subquery `r`, see compile.ts). */
export function rowColumns(
  entityKey: string,
  utcOffsetMinutes: number,
  failedStatuses: readonly string[],
): string {
  if (!Number.isInteger(utcOffsetMinutes) || Math.abs(utcOffsetMinutes) > 18 * 60)
    throw new Error("custom rules: bad UTC offset");
  for (const s of failedStatuses)
    if (!/^[a-z_]+$/.test(s)) throw new Error("custom rules: bad status constant");
  const shift =
    utcOffsetMinutes === 0 ? "" : `, '${utcOffsetMinutes > 0 ? "+" : ""}${utcOffsetMinutes} minutes'`;
  return [
    `${entityKey} AS e`,
    "t.transaction_date AS d",
    "abs(t.amount_minor) AS m",
    "t.type AS ty",
    `(t.status = 'completed' OR t.status NOT IN (${failedStatuses.map((s) => `'${s}'`).join(", ")})) AS ok`,
    "lower(t.status) AS st",
    "lower(trim(t.channel)) AS ch",
    "lower(trim(t.category)) AS ca",
    "lower(trim(t.counterparty_name)) AS cn",
    "lower(trim(t.counterparty_account)) AS cac",
    "coalesce(t.counterparty_account, t.counterparty_name) AS cpk",
    "lower(trim(t.merchant_name)) AS me",
    "upper(t.counterparty_country) AS cc",
    `CAST(strftime('%H', t.transaction_date${shift}) AS INTEGER) AS h`,
    `date(t.transaction_date${shift}) AS dy`,
    "t.customer_id AS cu",
    "t.account_id AS acc",
    "t.agent_id AS ag",
    "t.id AS tid",
  ].join(", ");
}

export const FIELD_COLUMN: Record<AggregateField, string> = {
  amount: "r.m",
  counterparty: "r.cpk",
  counterparty_account: "r.cac",
  counterparty_country: "r.cc",
  merchant: "r.me",
  channel: "r.ch",
  category: "r.ca",
  day: "r.dy",
  customer: "r.cu",
  account: "r.acc",
  agent: "r.ag",
};

/** The column of each field of the transaction being screened (text lower-cased and trimmed). */
export const TRANSACTION_COLUMN: Record<TransactionField, string> = {
  amount: "r.m",
  type: "r.ty",
  channel: "r.ch",
  category: "r.ca",
  merchant: "r.me",
  counterparty: "r.cn",
  counterparty_account: "r.cac",
  counterparty_country: "r.cc",
};

/**
 * The field of the entity's latest transaction that moved money in the window: the maximum of
 * `date || id || mark || value`, so every field comes from the same row (ties on the instant
 * broken by id). Decoded in JS (evaluate.ts). A proposed transaction is dated now, so it is the latest.
 */
export function latestExpression(field: TransactionField, ctx: PredicateContext, windowDays: number): string {
  const w = windowOf(ctx.asOfMs, windowDays);
  return `max(CASE WHEN ${windowTerm(w)} AND r.ok THEN r.d || r.tid || char(31) || coalesce(${TRANSACTION_COLUMN[field]}, '') END)`;
}

/** The distinct values of a counterparty column in the window (a JSON array), for fuzzy matching in JS. */
export function candidatesExpression(column: string, ctx: PredicateContext, windowDays: number): string {
  const w = windowOf(ctx.asOfMs, windowDays);
  return `json_group_array(DISTINCT CASE WHEN ${windowTerm(w)} AND r.ok THEN ${column} END)`;
}

const SQL_COMPARATOR: Record<Comparator, string> = { "<": "<", "<=": "<=", "=": "=", ">=": ">=", ">": ">" };

/**
 * A `groups` aggregate as a CTE `name(e, v)`: per entity, the number of groups (by `groupBy`,
 * non-null keys) of the window's matching transactions that satisfy `having`. Only entities of
 * `a` (the page) are grouped.
 */
export function groupsCte(name: string, a: Aggregate, ctx: PredicateContext, previous: boolean): string {
  const key = FIELD_COLUMN[a.groupBy ?? "counterparty"];
  const h = a.having;
  let having = "";
  if (h) {
    const money = h.fn === "sum" || h.fn === "max";
    const left =
      h.fn === "count"
        ? "count(*)"
        : h.fn === "count_distinct"
          ? `count(DISTINCT ${FIELD_COLUMN[h.field ?? "counterparty"]})`
          : `${h.fn === "sum" ? "total" : "max"}(r.m)`;
    having = ` HAVING ${left} ${SQL_COMPARATOR[h.comparator]} ${literal(money ? Math.round(h.value * 100) : h.value)}`;
  }
  return `${name}(e, v) AS (SELECT x.e, count(*) FROM (SELECT r.e AS e, ${key} AS gk FROM r WHERE ${predicate(
    a,
    ctx,
    previous,
  )} AND ${key} IS NOT NULL AND r.e IN (SELECT entity_id FROM a) GROUP BY r.e, ${key}${having}) x GROUP BY x.e)`;
}

const norm = (values: readonly string[]) => values.map((v) => v.trim().toLowerCase());

export interface PredicateContext {
  strings: Strings;
  asOfMs: number;
  /** Tenant thresholds (major units for money), read with own-property checks only. */
  thresholds: Readonly<Record<string, number>>;
}

/** Minor units of an amount bound; null when a threshold is missing (the filter then never matches). */
function bound(b: AmountBound, ctx: PredicateContext): number | null {
  if (typeof b === "number") return Math.round(b * 100);
  const base = Object.hasOwn(ctx.thresholds, b.threshold) ? ctx.thresholds[b.threshold] : undefined;
  if (typeof base !== "number" || !Number.isFinite(base)) return null;
  return Math.round(base * (b.multiple ?? 1) * 100);
}

function filterTerms(f: TransactionFilter, ctx: PredicateContext): string[] {
  const s = ctx.strings;
  const terms: string[] = [];
  if (f.statuses) terms.push(s.inList("r.st", norm(f.statuses)));
  else terms.push("r.ok");
  if (f.types)
    terms.push(`r.ty IN (${f.types.map((t) => (t === "credit" ? "'credit'" : "'debit'")).join(", ")})`);
  if (f.channels) terms.push(s.inList("r.ch", norm(f.channels)));
  if (f.categories) terms.push(s.inList("r.ca", norm(f.categories)));
  if (f.merchants) terms.push(s.inList("r.me", norm(f.merchants)));
  if (f.counterparties) {
    const values = norm(f.counterparties);
    terms.push(`(${s.inList("r.cn", values)} OR ${s.inList("r.cac", values)})`);
  }
  if (f.counterpartyCountries)
    terms.push(
      s.inList(
        "r.cc",
        f.counterpartyCountries.map((c) => c.toUpperCase()),
      ),
    );
  for (const [b, op] of [
    [f.amountMin, ">="],
    [f.amountMax, "<="],
    [f.amountBelow, "<"],
  ] as const) {
    if (b === undefined) continue;
    const minor = bound(b, ctx);
    terms.push(minor === null ? "0" : `r.m ${op} ${literal(minor)}`);
  }
  if (f.hourFrom !== undefined && f.hourTo !== undefined) {
    const [from, to] = [literal(f.hourFrom), literal(f.hourTo)];
    terms.push(f.hourFrom <= f.hourTo ? `r.h BETWEEN ${from} AND ${to}` : `(r.h >= ${from} OR r.h <= ${to})`);
  }
  return terms;
}

/** The instants a window spans: (start, end], end `offsetDays` before asOf; previous: the period before. */
export function windowOf(asOfMs: number, windowDays: number, offsetDays = 0, previous = false) {
  const end = asOfMs - (offsetDays + (previous ? windowDays : 0)) * DAY_MS;
  return { startMs: end - windowDays * DAY_MS, endMs: end };
}

const windowTerm = (w: { startMs: number; endMs: number }) =>
  `r.d > ${instant(w.startMs)} AND r.d <= ${instant(w.endMs)}`;

/** `CASE WHEN <window and filter>` of an aggregate (its previous period with `previous`). */
export function predicate(a: Aggregate, ctx: PredicateContext, previous: boolean): string {
  const w = windowOf(ctx.asOfMs, a.windowDays, a.offsetDays, previous);
  return [windowTerm(w), ...filterTerms(a.filter ?? {}, ctx)].join(" AND ");
}

/** Select-list expressions of one aggregate, by column suffix ("" or n/s/q for stddev). */
export function aggregateExpressions(a: Aggregate, when: string): Array<[string, string]> {
  const col = a.field ? FIELD_COLUMN[a.field] : "1";
  switch (a.fn) {
    case "count":
      return [["", `count(CASE WHEN ${when} THEN 1 END)`]];
    case "count_distinct":
      return [["", `count(DISTINCT CASE WHEN ${when} THEN ${col} END)`]];
    case "sum":
      return [["", `coalesce(sum(CASE WHEN ${when} THEN r.m END), 0)`]];
    case "stddev":
      return [
        ["n", `count(CASE WHEN ${when} THEN 1 END)`],
        ["s", `total(CASE WHEN ${when} THEN r.m END)`],
        ["q", `total(CASE WHEN ${when} THEN r.m * 1.0 * r.m END)`],
      ];
    default:
      return [["", `${a.fn}(CASE WHEN ${when} THEN r.m END)`]];
  }
}

/** A counterparty-subject list lookup: did any transaction in the window hit the list? */
/** `memberTest`: the boolean test of the transaction's counterparty column against the list. */
export function counterpartyListExpression(
  c: ListCondition,
  ctx: PredicateContext,
  memberTest: string,
): string {
  const w = windowOf(ctx.asOfMs, c.windowDays ?? DEFAULT_LIST_WINDOW_DAYS);
  return `max(CASE WHEN ${windowTerm(w)} AND r.ok AND ${memberTest} THEN 1 ELSE 0 END)`;
}
