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
