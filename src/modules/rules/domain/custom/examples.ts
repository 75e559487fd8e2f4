import type { CustomRule } from "./tree";

/** The worked examples of docs/methodology/rules.md (kept here so tests run them). */
export const STRUCTURING: CustomRule = {
  ruleId: "structuring-cash-7d",
  name: "Cash credits just under the reporting threshold",
  enabled: true,
  appliesTo: ["customer", "account"],
  severity: "high",
  score: 40,
  reason: "3 or more cash credits within 10% below largeCashAmount in 7 days",
  counterfactual: "Would not fire with fewer than 3 such credits in 7 days",
  condition: {
    op: "compare",
    aggregate: {
      fn: "count",
      windowDays: 7,
      filter: {
        types: ["credit"],
        channels: ["cash"],
        amountMin: { threshold: "largeCashAmount", multiple: 0.9 },
        amountBelow: { threshold: "largeCashAmount" },
      },
    },
    comparator: ">=",
    to: { value: 3 },
  },
};

export const VELOCITY_BURST: CustomRule = {
  ruleId: "velocity-burst-1d",
  name: "Transaction count burst",
  enabled: true,
  appliesTo: ["customer", "account"],
  severity: "medium",
  score: 20,
  reason: "More than 3 times as many transactions in the last day as in the day before",
  counterfactual: "Would not fire at or below 3 times the previous day's count",
  condition: {
    op: "compare",
    aggregate: { fn: "count", windowDays: 1 },
    comparator: ">",
    to: { previousPeriod: { multiple: 3 } },
  },
};

export const DORMANT_REACTIVATION: CustomRule = {
  ruleId: "dormant-reactivation",
  name: "Dormant account reactivated with volume",
  enabled: true,
  appliesTo: ["customer", "account"],
  severity: "high",
  score: 30,
  reason: "No transaction in the 90 days before the last 7, then dormantReactivationAmount or more in 7 days",
  counterfactual: "Would not fire with any activity in those 90 days or a lower 7-day volume",
  condition: {
    op: "and",
    conditions: [
      {
        op: "compare",
        aggregate: { fn: "count", windowDays: 90, offsetDays: 7 },
        comparator: "=",
        to: { value: 0 },
      },
      {
        op: "compare",
        aggregate: { fn: "sum", field: "amount", windowDays: 7 },
        comparator: ">=",
        to: { threshold: "dormantReactivationAmount" },
      },
    ],
  },
};

export const WORKED_EXAMPLES: CustomRule[] = [STRUCTURING, VELOCITY_BURST, DORMANT_REACTIVATION];

// ---- the richer operators (issue 38): ratios, groups with having, the screened transaction, fuzzy lists ----

/** Ratio: money out in 7 days at least 90% of money in (pass-through), with a floor. */
export const PASS_THROUGH: CustomRule = {
  ruleId: "pass-through-7d",
  name: "Money out nearly equals money in",
  enabled: true,
  appliesTo: ["customer", "account"],
  severity: "high",
  reason: "Debits in 7 days are at least 90% of credits, with credits of 5,000 or more",
  counterfactual: "Would not fire with debits under 90% of credits or credits under 5,000",
  condition: {
    op: "and",
    conditions: [
      {
        op: "compare",
        aggregate: { fn: "sum", field: "amount", windowDays: 7, filter: { types: ["debit"] } },
        comparator: ">=",
        to: {
          aggregate: { fn: "sum", field: "amount", windowDays: 7, filter: { types: ["credit"] } },
          multiple: 0.9,
        },
      },
      {
        op: "compare",
        aggregate: { fn: "sum", field: "amount", windowDays: 7, filter: { types: ["credit"] } },
        comparator: ">=",
        to: { value: 5000 },
      },
    ],
  },
};

/** Groups with having: 3 or more counterparties each paid 2 or more times in 7 days (fan-out). */
export const FAN_OUT: CustomRule = {
  ruleId: "fan-out-7d",
  name: "Repeated payments to many counterparties",
  enabled: true,
  appliesTo: ["customer", "account"],
  severity: "medium",
  reason: "3 or more counterparties were each paid 2 or more times in 7 days",
  counterfactual: "Would not fire with fewer than 3 such counterparties",
  condition: {
    op: "compare",
    aggregate: {
      fn: "groups",
      groupBy: "counterparty",
      windowDays: 7,
      filter: { types: ["debit"] },
      having: { fn: "count", comparator: ">=", value: 2 },
    },
    comparator: ">=",
    to: { value: 3 },
  },
};

/** Distinct senders to one beneficiary (the counterparty is the entity). */
export const MANY_SENDERS: CustomRule = {
  ruleId: "many-senders-7d",
  name: "Many senders to one beneficiary",
  enabled: true,
  appliesTo: ["counterparty"],
  severity: "high",
  reason: "5 or more distinct customers paid this counterparty in 7 days",
  counterfactual: "Would not fire with fewer than 5 distinct senders",
  condition: {
    op: "compare",
    aggregate: { fn: "count_distinct", field: "customer", windowDays: 7, filter: { types: ["debit"] } },
    comparator: ">=",
    to: { value: 5 },
  },
};

/** The transaction being screened: a cash amount over 5 times the entity's 90-day average. */
export const OUTSIZED_CASH: CustomRule = {
  ruleId: "outsized-cash",
  name: "Cash transaction far above the usual amount",
  enabled: true,
  appliesTo: ["customer", "account"],
  severity: "medium",
  reason: "A cash transaction over 5 times the 90-day average amount",
  counterfactual: "Would not fire for other channels or amounts up to 5 times the average",
  condition: {
    op: "and",
    conditions: [
      { op: "transaction", field: "channel", in: ["cash"] },
      {
        op: "transaction",
        field: "amount",
        comparator: ">",
        to: { aggregate: { fn: "avg", field: "amount", windowDays: 90 }, multiple: 5 },
      },
    ],
  },
};

/** Fuzzy list match: a counterparty in 30 days resembling an entry of a watchlist (list id set by the tenant). */
export const fuzzyWatchlist = (listId: string): CustomRule => ({
  ruleId: "watchlist-fuzzy",
  name: "Counterparty resembles a watchlist entry",
  enabled: true,
  appliesTo: ["customer", "account"],
  severity: "high",
  reason: "A counterparty in 30 days resembles a watchlist entry",
  counterfactual: "Would not fire with no counterparty at or above 0.9 similarity",
  condition: {
    op: "in_list",
    subject: "counterparty",
    listId,
    windowDays: 30,
    match: { method: "jaro_winkler", threshold: 0.9 },
  },
});

export const OPERATOR_EXAMPLES: CustomRule[] = [
  PASS_THROUGH,
  FAN_OUT,
  MANY_SENDERS,
  OUTSIZED_CASH,
  fuzzyWatchlist("watchlist-1"),
];
