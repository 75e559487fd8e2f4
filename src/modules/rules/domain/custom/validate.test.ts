import { describe, expect, it } from "vitest";
import { WORKED_EXAMPLES } from "./examples";
import { TREE_LIMITS } from "./tree";
import { validateCustomRules } from "./validate";

type Json = Record<string, unknown>;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
const compare = (aggregate: Json, to: Json = { value: 1 }): Json => ({
  op: "compare",
  aggregate,
  comparator: ">=",
  to,
});
const base = (condition: Json, extra: Json = {}): Json => ({
  ruleId: "r1",
  name: "Rule",
  enabled: true,
  appliesTo: ["customer"],
  severity: "low",
  score: 10,
  reason: "why",
  counterfactual: "would not fire if",
  condition,
  ...extra,
});
const paths = (rules: unknown[]) => validateCustomRules(rules as never, "custom").map((e) => e.path);
const one = (condition: Json, extra: Json = {}) => paths([base(condition, extra)]);
const count = (extra: Json = {}) => compare({ fn: "count", windowDays: 7, ...extra });
const filtered = (filter: Json) => count({ filter });

describe("validateCustomRules", () => {
  it("accepts the worked examples", () => {
    expect(validateCustomRules(clone(WORKED_EXAMPLES), "custom")).toEqual([]);
  });

  it.each([
    ["unknown operator", { op: "xor" }, "custom.0.condition.op"],
    [
      "unknown function",
      compare({ fn: "median", field: "amount", windowDays: 7 }),
      "custom.0.condition.aggregate.fn",
    ],
    ["count takes no field", count({ field: "amount" }), "custom.0.condition.aggregate.field"],
    [
      "count_distinct needs a categorical field",
      compare({ fn: "count_distinct", field: "amount", windowDays: 7 }),
      "custom.0.condition.aggregate.field",
    ],
    [
      "sum needs amount",
      compare({ fn: "sum", field: "channel", windowDays: 7 }),
      "custom.0.condition.aggregate.field",
    ],
    ["stddev needs a field", compare({ fn: "stddev", windowDays: 7 }), "custom.0.condition.aggregate.field"],
    [
      "unknown field",
      compare({ fn: "count_distinct", field: "colour", windowDays: 7 }),
      "custom.0.condition.aggregate.field",
    ],
    ["window 0", count({ windowDays: 0 }), "custom.0.condition.aggregate.windowDays"],
    [
      "window too long",
      count({ windowDays: TREE_LIMITS.maxWindowDays + 1 }),
      "custom.0.condition.aggregate.windowDays",
    ],
    ["fractional window", count({ windowDays: 1.5 }), "custom.0.condition.aggregate.windowDays"],
    ["negative offset", count({ offsetDays: -1 }), "custom.0.condition.aggregate.offsetDays"],
    ["unknown aggregate key", count({ every: 1 }), "custom.0.condition.aggregate.every"],
    ["unknown filter", filtered({ colour: ["red"] }), "custom.0.condition.aggregate.filter.colour"],
    ["empty value list", filtered({ channels: [] }), "custom.0.condition.aggregate.filter.channels"],
    [
      "too many values",
      filtered({ merchants: Array.from({ length: 51 }, (_, i) => `m${i}`) }),
      "custom.0.condition.aggregate.filter.merchants",
    ],
    [
      "blank value",
      filtered({ categories: ["ok", " "] }),
      "custom.0.condition.aggregate.filter.categories.1",
    ],
    ["bad type", filtered({ types: ["refund"] }), "custom.0.condition.aggregate.filter.types"],
    ["hour 24", filtered({ hourFrom: 24, hourTo: 2 }), "custom.0.condition.aggregate.filter.hourFrom"],
    ["hourFrom alone", filtered({ hourFrom: 22 }), "custom.0.condition.aggregate.filter.hourTo"],
    [
      "min above max",
      filtered({ amountMin: 500, amountMax: 100 }),
      "custom.0.condition.aggregate.filter.amountMax",
    ],
    [
      "min not below the exclusive bound",
      filtered({
        amountMin: { threshold: "largeCashAmount" },
        amountBelow: { threshold: "largeCashAmount", multiple: 1 },
      }),
      "custom.0.condition.aggregate.filter.amountBelow",
    ],
    [
      "amount with 3 decimals",
      filtered({ amountMin: 1.005 }),
      "custom.0.condition.aggregate.filter.amountMin",
    ],
    [
      "unknown threshold in a bound",
      filtered({ amountMin: { threshold: "toString" } }),
      "custom.0.condition.aggregate.filter.amountMin.threshold",
    ],
    [
      "unknown country",
      filtered({ counterpartyCountries: ["GH", "XX"] }),
      "custom.0.condition.aggregate.filter.counterpartyCountries.1",
    ],
    [
      "lower-case country",
      filtered({ counterpartyCountries: ["gh"] }),
      "custom.0.condition.aggregate.filter.counterpartyCountries.0",
    ],
    ["unknown comparator", { ...count(), comparator: "!=" }, "custom.0.condition.comparator"],
    ["unknown threshold", count({}), "custom.0.condition.to.threshold", { threshold: "constructor" }],
    [
      "previous multiple 0",
      count({}),
      "custom.0.condition.to.previousPeriod.multiple",
      { previousPeriod: { multiple: 0 } },
    ],
    ["two operand kinds", count({}), "custom.0.condition.to", { value: 1, threshold: "largeCashAmount" }],
    ["non-finite value", count({}), "custom.0.condition.to.value", { value: "1" }],
  ] as Array<[string, Json, string, Json?]>)("%s -> %s", (_, condition, path, to) => {
    expect(one(to ? { ...condition, to } : condition)).toEqual([path]);
  });

  it("checks between bounds, lists and boolean structure", () => {
    const agg = { fn: "count", windowDays: 7 };
    expect(one({ op: "between", aggregate: agg, low: { value: 5 }, high: { value: 2 } })).toEqual([
      "custom.0.condition.high",
    ]);
    expect(one({ op: "and", conditions: [] })).toEqual(["custom.0.condition.conditions"]);
    expect(one({ op: "or", conditions: Array.from({ length: 11 }, () => count()) })).toEqual([
      "custom.0.condition.conditions",
    ]);
    expect(one({ op: "not", condition: { op: "or", conditions: [count(), { op: "nope" }] } })).toEqual([
      "custom.0.condition.condition.conditions.1.op",
    ]);
    expect(one({ op: "in_list", subject: "entity_phone", listId: "pep" }, { appliesTo: ["agent"] })).toEqual([
      "custom.0.condition.subject",
    ]);
    expect(one({ op: "in_list", subject: "entity_name", listId: "pep", windowDays: 7 })).toEqual([
      "custom.0.condition.windowDays",
    ]);
    expect(one({ op: "in_list", subject: "counterparty", listId: "bad id" })).toEqual([
      "custom.0.condition.listId",
    ]);
    expect(one({ op: "in_list", subject: "counterparty", listId: "w", windowDays: 0 })).toEqual([
      "custom.0.condition.windowDays",
    ]);
  });

  it("bounds depth and node count", () => {
    let deep: Json = count();
    for (let i = 0; i < TREE_LIMITS.maxDepth; i++) deep = { op: "not", condition: deep };
    expect(one(deep)).toEqual([`custom.0.condition${".condition".repeat(TREE_LIMITS.maxDepth)}`]);
    const wide = {
      op: "and",
      conditions: Array.from({ length: 5 }, () => ({
        op: "or",
        conditions: Array.from({ length: 9 }, () => count()),
      })),
    };
    expect(one(wide)).toEqual(["custom.0.condition"]);
  });

  it("checks rule fields, duplicate ids and the rule list", () => {
    const bad = base(count(), {
      ruleId: "1 bad",
      name: "",
      severity: "extreme",
      score: 101,
      enabled: "yes",
      appliesTo: ["customer", "customer"],
      reason: 3,
    });
    expect(paths([bad]).sort()).toEqual(
      ["ruleId", "name", "reason", "enabled", "severity", "score", "appliesTo"]
        .map((k) => `custom.0.${k}`)
        .sort(),
    );
    expect(paths([base(count()), base(count())])).toEqual(["custom.1.ruleId"]);
    expect(paths([null])).toEqual(["custom.0"]);
    expect(validateCustomRules({} as never, "custom")).toEqual([
      { path: "custom", message: "Must be a list of rules" },
    ]);
    expect(
      paths(
        Array.from({ length: TREE_LIMITS.maxCustomRules + 1 }, (_, i) => base(count(), { ruleId: `r${i}` })),
      ),
    ).toEqual(["custom"]);
  });

  it("limits the cost of a rule and of the enabled rules of a set", () => {
    const year = count({ windowDays: 400 }); // ceil(400/30) = 14
    expect(one({ op: "and", conditions: Array.from({ length: 8 }, () => year) })).toEqual([
      "custom.0.condition",
    ]); // 112
    const rule = (i: number, enabled = true) =>
      base({ op: "and", conditions: Array.from({ length: 7 }, () => year) }, { ruleId: `r${i}`, enabled }); // 98
    expect(paths([0, 1, 2, 3].map((i) => rule(i)))).toEqual([]); // 392
    expect(paths([0, 1, 2, 3, 4].map((i) => rule(i)))).toEqual(["custom"]); // 490
    expect(paths([0, 1, 2, 3, 4].map((i) => rule(i, i < 4)))).toEqual([]);
  });

  it("limits list lookups per rule set, disabled rules included (each binds parameters when it runs)", () => {
    const lookup = { op: "in_list", subject: "counterparty", listId: "l1", windowDays: 30 };
    const lists = (n: number, enabled = true) =>
      base({ op: "or", conditions: Array.from({ length: n }, () => lookup) }, { ruleId: `l${n}`, enabled });
    const cap = TREE_LIMITS.maxListLookups;
    expect(paths([lists(cap - 2), lists(2, false)])).toEqual([]);
    expect(paths([lists(cap - 2), lists(3, false)])).toEqual(["custom"]);
  });

  it("is safe on hostile JSON", () => {
    const hostile = JSON.parse(
      '{"op":"compare","comparator":">","to":{"__proto__":{"value":1}},"aggregate":{"fn":"constructor","field":"__proto__","windowDays":7,"filter":{"__proto__":["x"],"hasOwnProperty":1}}}',
    );
    expect(one(hostile).sort()).toEqual(
      [
        "custom.0.condition.to",
        "custom.0.condition.aggregate.fn",
        "custom.0.condition.aggregate.filter.__proto__",
        "custom.0.condition.aggregate.filter.hasOwnProperty",
      ].sort(),
    );
    expect(one({ op: "toString" })).toEqual(["custom.0.condition.op"]);
  });
});
