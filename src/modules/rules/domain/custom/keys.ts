import type { Aggregate, Condition, CustomRule, Operand } from "./tree";

/**
 * Stable keys for the leaves of custom rules: equal aggregates (same function, field, window
 * and filter) share one SQL column however many rules use them, and evaluation finds a
 * leaf's value by the same key.
 */

/** JSON with object keys sorted recursively (the same value always gives the same text). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export const aggregateKey = (a: Aggregate): string =>
  canonicalJson({
    fn: a.fn,
    field: a.fn === "count" || a.fn === "groups" ? null : (a.field ?? null),
    windowDays: a.windowDays,
    offsetDays: a.offsetDays ?? 0,
    filter: a.filter ?? {},
    // Only on `groups`, so every other aggregate keeps the key (and SQL column) it had.
    ...(a.fn === "groups" ? { groupBy: a.groupBy ?? null, having: a.having ?? null } : {}),
  });

/** The window searched for the latest transaction when no proposed one is screened. */
export const DEFAULT_TRANSACTION_WINDOW_DAYS = 30;

export type TransactionCondition = Extract<Condition, { op: "transaction" }>;

/** One column per field and window of the transaction being screened. */
export const transactionKey = (c: TransactionCondition): string =>
  canonicalJson({ field: c.field, windowDays: c.windowDays ?? DEFAULT_TRANSACTION_WINDOW_DAYS });

/** The aggregates a leaf's operands name (ratios: `{aggregate, multiple}`). */
export function operandAggregates(leaf: Condition): Aggregate[] {
  const operands: Operand[] =
    leaf.op === "compare"
      ? [leaf.to]
      : leaf.op === "between"
        ? [leaf.low, leaf.high]
        : leaf.op === "transaction" && leaf.to
          ? [leaf.to]
          : [];
  return operands.flatMap((o) => ("aggregate" in o ? [o.aggregate] : []));
}

/** The window searched for counterparty subjects when a rule names none. */
export const DEFAULT_LIST_WINDOW_DAYS = 30;

export type ListCondition = Extract<Condition, { op: "in_list" }>;

export const isEntitySubject = (subject: ListCondition["subject"]): boolean => subject.startsWith("entity_");

export const listKey = (c: ListCondition): string =>
  canonicalJson({
    subject: c.subject,
    listId: c.listId,
    windowDays: isEntitySubject(c.subject) ? null : (c.windowDays ?? DEFAULT_LIST_WINDOW_DAYS),
    ...(c.match ? { match: c.match } : {}),
  });

/** Every leaf of a (validated) condition tree, depth first. */
export function leaves(condition: Condition): Condition[] {
  switch (condition.op) {
    case "and":
    case "or":
      return condition.conditions.flatMap(leaves);
    case "not":
      return leaves(condition.condition);
    default:
      return [condition];
  }
}

/** Every list a rule set's custom rules name, with the path of the `listId` that names it. */
export function listReferences(
  rules: readonly CustomRule[],
  path = "custom",
): Array<{ listId: string; path: string }> {
  const out: Array<{ listId: string; path: string }> = [];
  const walk = (c: Condition, at: string): void => {
    if (c.op === "and" || c.op === "or") {
      for (const [i, child] of c.conditions.entries()) walk(child, `${at}.conditions.${i}`);
    } else if (c.op === "not") walk(c.condition, `${at}.condition`);
    else if (c.op === "in_list") out.push({ listId: c.listId, path: `${at}.listId` });
  };
  for (const [i, rule] of rules.entries()) walk(rule.condition, `${path}.${i}.condition`);
  return out;
}
