import type { ColumnSpec } from "./compile";
import { bestFuzzyMatch, type FuzzyHit } from "./fuzzy";
import { aggregateKey, listKey, transactionKey } from "./keys";
import type { Aggregate, Comparator, Condition, CustomRule, Operand, RuleSeverity } from "./tree";

/**
 * Evaluation of custom rules over the values one compiled statement returned for an entity
 * (pure). A missing value (an average over no transactions, an unknown threshold) makes its
 * comparison false: a rule never fires on data it does not have.
 */
export interface AggregateValue {
  value: number | null;
  /** The same aggregate over the period before the window (previous-period operands). */
  previous?: number | null;
}

export interface LeafValues {
  aggregates: Map<string, AggregateValue>;
  lists: Map<string, boolean>;
  /** Fuzzy in_list leaves: the values looked up (the entity's attribute, the window's counterparties). */
  candidates?: Map<string, string[]>;
  /** The transaction being screened: a field's value by transactionKey (null: none in the window). */
  transaction?: Map<string, string | null>;
  /** Entries of the lists fuzzy leaves name, by list id (given by the caller: the lists module). */
  entries?: ReadonlyMap<string, readonly string[]>;
}

const MONEY_FUNCTIONS = new Set(["sum", "avg", "min", "max", "stddev"]);

/** A fuzzy leaf's candidates: a JSON array (counterparties) or one text (an entity attribute). */
function candidatesOf(raw: unknown): string[] {
  if (typeof raw !== "string" || raw === "") return [];
  if (!raw.startsWith("[")) return [raw];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string" && v !== "") : [];
  } catch {
    return [raw];
  }
}

/** The value part of a latest-transaction column (`date || id || char(31) || value`). */
function latestValue(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const at = raw.indexOf("\u001f");
  if (at < 0) return null;
  const value = raw.slice(at + 1);
  return value === "" ? null : value;
}
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Population standard deviation from count, sum and sum of squares. */
export function stddevOf(n: number, sum: number, squares: number): number | null {
  if (n <= 0) return null;
  const mean = sum / n;
  return Math.sqrt(Math.max(0, squares / n - mean * mean));
}

function columnValue(spec: ColumnSpec, row: Record<string, unknown>): number | null {
  const a = spec.aggregate!;
  const raw =
    a.fn === "stddev"
      ? stddevOf(
          num(row[`${spec.alias}n`]) ?? 0,
          num(row[`${spec.alias}s`]) ?? 0,
          num(row[`${spec.alias}q`]) ?? 0,
        )
      : num(row[spec.alias]);
  // SQL works in minor units; rules speak major units of the tenant currency.
  return raw !== null && MONEY_FUNCTIONS.has(a.fn) ? raw / 100 : raw;
}

/** The leaf values of one entity from its result row (rows of several statements merged). */
export function decodeRow(columns: ColumnSpec[], row: Record<string, unknown>): LeafValues {
  const candidates = new Map<string, string[]>();
  const transaction = new Map<string, string | null>();
  const out: LeafValues = { aggregates: new Map(), lists: new Map(), candidates, transaction };
  for (const spec of columns) {
    if (spec.kind === "list") {
      out.lists.set(spec.key, num(row[spec.alias]) === 1);
      continue;
    }
    if (spec.kind === "fuzzy") {
      candidates.set(spec.key, candidatesOf(row[spec.alias]));
      continue;
    }
    if (spec.kind === "transaction") {
      transaction.set(spec.key, latestValue(row[spec.alias]));
      continue;
    }
    const entry = out.aggregates.get(spec.key) ?? { value: null };
    if (spec.kind === "previous") entry.previous = columnValue(spec, row);
    else entry.value = columnValue(spec, row);
    out.aggregates.set(spec.key, entry);
  }
  return out;
}

/** One leaf's evidence: what was measured and what it was compared with. */
export interface Evidence {
  path: string;
  op: "compare" | "between" | "in_list" | "transaction";
  /** Aggregates: "count over 7 days"; lists: "counterparty in list watch-1". */
  measure: string;
  observed: number | boolean | null;
  comparator?: Comparator | "between";
  /** The resolved right-hand side(s): [value] or [low, high]; null where unknown. */
  compareTo?: Array<number | null>;
  operands?: Operand[];
  /** Fuzzy in_list: the value, the list entry it matched and the similarity (best at or above the threshold). */
  match?: FuzzyHit;
  /** transaction: the field's value on the transaction screened (text fields). */
  value?: string | null;
  result: boolean;
}

export interface TreeResult {
  fired: boolean;
  evidence: Evidence[];
}

export function describeAggregate(a: Aggregate): string {
  const what = a.fn === "count" ? "count" : `${a.fn}(${a.field})`;
  const filtered = a.filter && Object.keys(a.filter).length ? " of matching transactions" : "";
  const offset = a.offsetDays ? `, ending ${a.offsetDays} days before` : "";
  return `${what}${filtered} over ${a.windowDays} days${offset}`;
}

function resolve(
  operand: Operand,
  value: AggregateValue,
  thresholds: Readonly<Record<string, number>>,
  values: LeafValues,
): number | null {
  if ("value" in operand) return operand.value;
  if ("threshold" in operand) {
    const base = Object.hasOwn(thresholds, operand.threshold) ? num(thresholds[operand.threshold]) : null;
    return base === null ? null : base * (operand.multiple ?? 1);
  }
  if ("aggregate" in operand) {
    const other = values.aggregates.get(aggregateKey(operand.aggregate))?.value ?? null;
    return other === null ? null : other * (operand.multiple ?? 1);
  }
  const previous = value.previous ?? null;
  return previous === null ? null : previous * operand.previousPeriod.multiple;
}

const EPSILON = 1e-9;
function holds(left: number, comparator: Comparator, right: number): boolean {
  const equal = Math.abs(left - right) <= EPSILON * Math.max(1, Math.abs(left), Math.abs(right));
  if (comparator === "=") return equal;
  if (comparator === "<") return left < right && !equal;
  if (comparator === "<=") return left < right || equal;
  if (comparator === ">") return left > right && !equal;
  return left > right || equal;
}

/** Evaluates every node (no short circuit), so the evidence shows each leaf of the rule. */
export function evaluateTree(
  condition: Condition,
  values: LeafValues,
  thresholds: Readonly<Record<string, number>>,
  path = "condition",
): TreeResult {
  switch (condition.op) {
    case "and":
    case "or": {
      const children = condition.conditions.map((c, i) =>
        evaluateTree(c, values, thresholds, `${path}.conditions.${i}`),
      );
      const fired = condition.op === "and" ? children.every((c) => c.fired) : children.some((c) => c.fired);
      return { fired, evidence: children.flatMap((c) => c.evidence) };
    }
    case "not": {
      const child = evaluateTree(condition.condition, values, thresholds, `${path}.condition`);
      return { fired: !child.fired, evidence: child.evidence };
    }
    case "in_list": {
      if (condition.match) {
        const candidates = values.candidates?.get(listKey(condition)) ?? [];
        const entries = values.entries?.get(condition.listId) ?? [];
        const match = bestFuzzyMatch(candidates, entries, condition.match.threshold) ?? undefined;
        const hit = match !== undefined;
        const measure = `${condition.subject} ~ list ${condition.listId} (${condition.match.method} >= ${condition.match.threshold})`;
        return {
          fired: hit,
          evidence: [{ path, op: "in_list", measure, observed: match?.score ?? null, match, result: hit }],
        };
      }
      const hit = values.lists.get(listKey(condition)) ?? false;
      const measure = `${condition.subject} in list ${condition.listId}`;
      return { fired: hit, evidence: [{ path, op: "in_list", measure, observed: hit, result: hit }] };
    }
    case "transaction": {
      const raw = values.transaction?.get(transactionKey(condition)) ?? null;
      const measure = `${condition.field} of the transaction screened`;
      if (condition.field !== "amount") {
        const wanted = (condition.in ?? []).map((v) => v.trim().toLowerCase());
        const result = raw !== null && wanted.includes(raw.trim().toLowerCase());
        return {
          fired: result,
          evidence: [{ path, op: "transaction", measure, observed: null, value: raw, result }],
        };
      }
      const observed = raw === null || !Number.isFinite(Number(raw)) ? null : Number(raw) / 100;
      const operand = condition.to ?? { value: 0 };
      const right = resolve(operand, { value: observed }, thresholds, values);
      const comparator = condition.comparator ?? ">=";
      const result = observed !== null && right !== null && holds(observed, comparator, right);
      return {
        fired: result,
        evidence: [
          {
            path,
            op: "transaction",
            measure,
            observed,
            comparator,
            compareTo: [right],
            operands: [operand],
            result,
          },
        ],
      };
    }
    default: {
      const value = values.aggregates.get(aggregateKey(condition.aggregate)) ?? { value: null };
      const operands = condition.op === "compare" ? [condition.to] : [condition.low, condition.high];
      const compareTo = operands.map((o) => resolve(o, value, thresholds, values));
      const observed = value.value;
      let result = false;
      if (observed !== null && compareTo.every((x) => x !== null)) {
        const [first, second] = compareTo as number[];
        result =
          condition.op === "compare"
            ? holds(observed, condition.comparator, first!)
            : holds(observed, ">=", first!) && holds(observed, "<=", second!);
      }
      const comparator = condition.op === "compare" ? condition.comparator : "between";
      const measure = describeAggregate(condition.aggregate);
      return {
        fired: result,
        evidence: [{ path, op: condition.op, measure, observed, comparator, compareTo, operands, result }],
      };
    }
  }
}

export interface CustomRuleOutcome {
  ruleId: string;
  name: string;
  fired: boolean;
  severity: RuleSeverity;
  score: number;
  reason: string;
  counterfactual: string;
  evidence: Evidence[];
}

/** The tenant's reason, with the list entry a fuzzy leaf matched and its score when the rule fired. */
function reasonOf(rule: CustomRule, fired: boolean, evidence: Evidence[]): string {
  const matches = fired ? evidence.filter((e) => e.result && e.match) : [];
  if (matches.length === 0) return rule.reason;
  const said = matches.map(
    (e) => `"${e.match!.value}" matched list entry "${e.match!.entry}" (score ${e.match!.score})`,
  );
  return `${rule.reason} [${said.join("; ")}]`;
}

export function ruleOutcome(
  rule: CustomRule,
  values: LeafValues,
  thresholds: Readonly<Record<string, number>>,
): CustomRuleOutcome {
  const { fired, evidence } = evaluateTree(rule.condition, values, thresholds);
  return {
    ruleId: rule.ruleId,
    name: rule.name,
    fired,
    severity: rule.severity,
    score: rule.score ?? 0,
    reason: reasonOf(rule, fired, evidence),
    counterfactual: rule.counterfactual,
    evidence,
  };
}
