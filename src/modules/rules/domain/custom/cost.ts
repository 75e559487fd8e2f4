import { isEntitySubject, leaves } from "./keys";
import type { Aggregate, Condition, CustomRule } from "./tree";

/**
 * The cost model (docs/methodology/rules.md#cost-model): what a rule adds to the one
 * set-based statement that evaluates a rule set. Rows scanned grow with the window (one unit
 * per started 30 days) and every filter is one more test per row; a previous-period operand
 * computes the aggregate a second time. Entity-list lookups are one indexed probe per entity;
 * counterparty-list lookups probe per transaction in their window.
 */
export const filterCost = (a: Aggregate): number => Object.keys(a.filter ?? {}).length;

export const aggregateCost = (a: Aggregate, previousPeriod: boolean): number =>
  (Math.ceil(a.windowDays / 30) + filterCost(a)) * (previousPeriod ? 2 : 1);

const ENTITY_LIST_COST = 2;

export function leafCost(leaf: Condition): number {
  switch (leaf.op) {
    case "compare":
      return aggregateCost(leaf.aggregate, "previousPeriod" in leaf.to);
    case "between":
      return aggregateCost(leaf.aggregate, "previousPeriod" in leaf.low || "previousPeriod" in leaf.high);
    case "in_list":
      return isEntitySubject(leaf.subject)
        ? ENTITY_LIST_COST
        : Math.ceil((leaf.windowDays ?? 30) / 30) + ENTITY_LIST_COST;
    default:
      return 0;
  }
}

export const ruleCost = (rule: CustomRule): number =>
  leaves(rule.condition).reduce((sum, leaf) => sum + leafCost(leaf), 0);

/** What the rule set costs to run: its enabled rules only. */
export const ruleSetCost = (rules: CustomRule[]): number =>
  rules.filter((r) => r.enabled).reduce((sum, r) => sum + ruleCost(r), 0);
