import { describe, expect, it } from "vitest";
import { compileCustomRules } from "./compile";
import { aggregateCost, leafCost, ruleCost } from "./cost";
import { decodeRow, evaluateTree, ruleOutcome } from "./evaluate";
import { FAN_OUT, fuzzyWatchlist, OPERATOR_EXAMPLES, OUTSIZED_CASH, PASS_THROUGH } from "./examples";
import { leaves } from "./keys";
import type { Aggregate, Condition } from "./tree";
import { validateCustomRules } from "./validate";

const rule = (condition: unknown) => ({ ...PASS_THROUGH, ruleId: "r", condition }) as never;
const paths = (condition: unknown) => validateCustomRules([rule(condition)], "custom").map((d) => d.path);
const week = (a: Partial<Aggregate>): Aggregate => ({ fn: "count", windowDays: 7, ...a }) as Aggregate;

describe("the richer operators: validation", () => {
  it("accepts every catalog example", () => {
    expect(validateCustomRules(OPERATOR_EXAMPLES, "custom")).toEqual([]);
  });

  it("ratio operands: a valid aggregate, a positive multiple", () => {
    const compare = (to: unknown) => ({ op: "compare", aggregate: week({}), comparator: ">", to });
    expect(paths(compare({ aggregate: week({ fn: "sum" }) }))).toEqual([
      "custom.0.condition.to.aggregate.field",
    ]);
    expect(paths(compare({ aggregate: week({}), multiple: 0 }))).toEqual(["custom.0.condition.to.multiple"]);
    expect(paths(compare({ aggregate: week({}), value: 1 }))).toEqual(["custom.0.condition.to"]);
  });

  it("groups: groupBy required, having checked, groupBy and having only on groups", () => {
    const compare = (aggregate: unknown) => ({
      op: "compare",
      aggregate,
      comparator: ">=",
      to: { value: 1 },
    });
    expect(paths(compare(week({ fn: "groups" })))).toEqual(["custom.0.condition.aggregate.groupBy"]);
    expect(
      paths(
        compare(
          week({
            fn: "groups",
            groupBy: "agent",
            having: { fn: "sum", comparator: ">=", value: 1.001 } as never,
          }),
        ),
      ),
    ).toEqual(["custom.0.condition.aggregate.having.field", "custom.0.condition.aggregate.having.value"]);
    expect(paths(compare(week({ groupBy: "agent" })))).toEqual(["custom.0.condition.aggregate.groupBy"]);
  });

  it("transaction fields: amount compares (no previousPeriod), texts take in", () => {
    const base = "custom.0.condition";
    expect(
      paths({ op: "transaction", field: "amount", comparator: ">", to: { previousPeriod: { multiple: 2 } } }),
    ).toEqual([`${base}.to`]);
    expect(paths({ op: "transaction", field: "channel", comparator: ">", to: { value: 1 } })).toEqual([
      `${base}.comparator`,
      `${base}.to`,
      `${base}.in`,
    ]);
    expect(paths({ op: "transaction", field: "iban", in: ["x"] })).toEqual([`${base}.field`]);
  });

  it("fuzzy matching: method, threshold 0.5-1, text subjects only", () => {
    const list = (match: unknown, subject = "counterparty") => ({
      op: "in_list",
      subject,
      listId: "l",
      match,
    });
    expect(paths(list({ method: "soundex", threshold: 0.9 }))).toEqual(["custom.0.condition.match.method"]);
    expect(paths(list({ method: "jaro_winkler", threshold: 0.4 }))).toEqual([
      "custom.0.condition.match.threshold",
    ]);
    expect(paths(list({ method: "jaro_winkler", threshold: 0.9 }, "entity_phone"))).toEqual([
      "custom.0.condition.match",
    ]);
  });
});

describe("the richer operators: cost", () => {
  it("a ratio costs both aggregates; groups cost twice plus having; fuzzy adds 5; a transaction field 1", () => {
    const [debits, credits] = leaves(PASS_THROUGH.condition) as Array<Extract<Condition, { op: "compare" }>>;
    // sum over 7 days with one filter: ceil(7/30) + 1 = 2 each; the ratio leaf adds its operand's 2.
    expect(leafCost(debits!)).toBe(2 + 2);
    expect(leafCost(credits!)).toBe(2);
    expect(ruleCost(PASS_THROUGH)).toBe(6);
    // groups: (1 + 1 filter) * 2 + 1 having = 5.
    expect(ruleCost(FAN_OUT)).toBe(5);
    // channel field 1; amount field 1 + avg over 90 days (3).
    expect(ruleCost(OUTSIZED_CASH)).toBe(1 + 1 + 3);
    // counterparty list over 30 days: 1 + 2, fuzzy +5.
    expect(ruleCost(fuzzyWatchlist("l"))).toBe(8);
    expect(aggregateCost(week({ fn: "groups", groupBy: "day" }), true)).toBe(4);
  });
});

describe("the richer operators: compiled SQL and evaluation", () => {
  const compile = (rules = OPERATOR_EXAMPLES, entityType: "customer" | "counterparty" = "customer") =>
    compileCustomRules({
      rules,
      entityType,
      thresholds: {},
      asOf: "2026-03-01T12:00:00.000Z",
      utcOffsetMinutes: 0,
      target: { activeFrom: "2026-02-01T00:00:00.000Z", limit: 100 },
      lists: { values: { "watchlist-1": ["Kofi Traders"] } },
      failedStatuses: ["failed"],
    });

  it("groups read the rows as a CTE joined to the page; one statement, few parameters", () => {
    const q = compile();
    expect(q.statements).toHaveLength(1);
    const text = q.statements[0]!.filter((f) => typeof f === "string").join("");
    expect(text).toContain(", r AS (SELECT");
    expect(text).toContain("LEFT JOIN g0 ON g0.e = a.entity_id");
    expect(text).toContain("HAVING count(*) >= 2");
    expect(q.statements[0]!.filter((f) => typeof f !== "string").length).toBeLessThan(10);
    // Without groups the rows stay inline (the statement every existing rule set runs).
    const plain = compile([PASS_THROUGH])
      .statements[0]!.filter((f) => typeof f === "string")
      .join("");
    expect(plain).not.toContain(", r AS (");
  });

  it("decodes the latest transaction's field and fuzzy candidates; the reason names the match", () => {
    const rules = [OUTSIZED_CASH, fuzzyWatchlist("watchlist-1")];
    const q = compile(rules);
    const alias = (kind: string) => q.columns.filter((c) => c.kind === kind).map((c) => c.alias);
    const [channel, amount] = alias("transaction");
    const [avg] = alias("aggregate");
    const [fuzzy] = alias("fuzzy");
    const row = {
      entity_id: "c1",
      [channel!]: "2026-03-01T10:00:00.000Ztx-9\u001fcash",
      [amount!]: "2026-03-01T10:00:00.000Ztx-9\u001f600000",
      [avg!]: 100_000,
      [fuzzy!]: JSON.stringify(["kofi  traderz", null, "ama"]),
    };
    const values = { ...decodeRow(q.columns, row), entries: new Map([["watchlist-1", ["Kofi Traders"]]]) };
    const cash = ruleOutcome(OUTSIZED_CASH, values, {});
    // 6,000.00 > 5 x 1,000.00
    expect(cash.fired).toBe(true);
    expect(cash.evidence[1]).toMatchObject({ observed: 6000, compareTo: [5000], result: true });
    const fuzzyHit = ruleOutcome(fuzzyWatchlist("watchlist-1"), values, {});
    expect(fuzzyHit.fired).toBe(true);
    const match = fuzzyHit.evidence[0]!.match!;
    expect(match).toMatchObject({ value: "kofi  traderz", entry: "Kofi Traders" });
    expect(match.score).toBeGreaterThanOrEqual(0.9);
    expect(fuzzyHit.reason).toContain('matched list entry "Kofi Traders"');
    expect(fuzzyHit.reason).toContain(`score ${match.score}`);
  });

  it("a missing latest transaction or ratio denominator is no hit", () => {
    const values = { aggregates: new Map(), lists: new Map() };
    expect(evaluateTree(OUTSIZED_CASH.condition, values, {}).fired).toBe(false);
    expect(evaluateTree(PASS_THROUGH.condition, values, {}).fired).toBe(false);
  });
});
