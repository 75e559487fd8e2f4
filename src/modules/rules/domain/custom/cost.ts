import { isEntitySubject, leaves, operandAggregates } from "./keys";
import type { Aggregate, Condition, CustomRule } from "./tree";

/**
 * The cost model (docs/methodology/rules.md#cost-model): what a rule adds to the one
 * set-based statement that evaluates a rule set. Rows scanned grow with the window (one unit
 * per started 30 days) and every filter is one more test per row; a previous-period operand
 * computes the aggregate a second time. Entity-list lookups are one indexed probe per entity;
 * counterparty-list lookups probe per transaction in their window.
 */
export const filterCost = (a: Aggregate): number => Object.keys(a.filter ?? {}).length;

/** A `groups` aggregate reads its rows a second time (grouped) and tests each group: x2, +1 with having. */
export const aggregateCost = (a: Aggregate, previousPeriod: boolean): number => {
  const once = Math.ceil(a.windowDays / 30) + filterCost(a);
  const grouped = a.fn === "groups" ? once * 2 + (a.having ? 1 : 0) : once;
  return grouped * (previousPeriod ? 2 : 1);
};

const ENTITY_LIST_COST = 2;
/** Fuzzy matching compares candidates with every entry in JavaScript (and reads the entries). */
const FUZZY_COST = 5;
/** The latest transaction's field: one more conditional aggregate over the rows. */
const TRANSACTION_COST = 1;

export function leafCost(leaf: Condition): number {
  const operands = operandAggregates(leaf).reduce((sum, a) => sum + aggregateCost(a, false), 0);
  switch (leaf.op) {
    case "compare":
      return aggregateCost(leaf.aggregate, "previousPeriod" in leaf.to) + operands;
    case "between":
      return (
        aggregateCost(leaf.aggregate, "previousPeriod" in leaf.low || "previousPeriod" in leaf.high) +
        operands
      );
    case "in_list":
      return (
        (isEntitySubject(leaf.subject)
          ? ENTITY_LIST_COST
          : Math.ceil((leaf.windowDays ?? 30) / 30) + ENTITY_LIST_COST) + (leaf.match ? FUZZY_COST : 0)
      );
    case "transaction":
      return TRANSACTION_COST + operands;
    default:
      return 0;
  }
}

export const ruleCost = (rule: CustomRule): number =>
  leaves(rule.condition).reduce((sum, leaf) => sum + leafCost(leaf), 0);

/** What the rule set costs to run: its enabled rules only. */
export const ruleSetCost = (rules: CustomRule[]): number =>
  rules.filter((r) => r.enabled).reduce((sum, r) => sum + ruleCost(r), 0);
