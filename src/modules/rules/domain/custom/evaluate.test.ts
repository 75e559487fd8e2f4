import { describe, expect, it } from "vitest";
import type { ColumnSpec } from "./compile";
import { decodeRow, evaluateTree, type LeafValues, ruleOutcome, stddevOf } from "./evaluate";
import { DORMANT_REACTIVATION, VELOCITY_BURST } from "./examples";
import { aggregateKey, listKey } from "./keys";
import { utcOffsetMinutes } from "./time-zone";
import type { Aggregate, Condition } from "./tree";

const sum7: Aggregate = { fn: "sum", field: "amount", windowDays: 7 };
const count1: Aggregate = { fn: "count", windowDays: 1 };
const values = (
  entries: Array<[Aggregate, number | null, (number | null)?]>,
  lists: Array<[Condition, boolean]> = [],
): LeafValues => ({
  aggregates: new Map(entries.map(([a, value, previous]) => [aggregateKey(a), { value, previous }])),
  lists: new Map(lists.map(([c, hit]) => [listKey(c as never), hit])),
});
const cmp = (
  aggregate: Aggregate,
  comparator: "<" | "<=" | "=" | ">=" | ">",
  to: Condition extends never ? never : object,
): Condition => ({ op: "compare", aggregate, comparator, to }) as Condition;

describe("evaluateTree", () => {
  it("compares against constants, thresholds and the previous period", () => {
    const v = values([
      [sum7, 120],
      [count1, 7, 2],
    ]);
    expect(evaluateTree(cmp(sum7, ">=", { value: 120 }), v, {}).fired).toBe(true);
    expect(evaluateTree(cmp(sum7, ">", { value: 120 }), v, {}).fired).toBe(false);
    expect(evaluateTree(cmp(sum7, "=", { value: 120.0000000001 }), v, {}).fired).toBe(true);
    expect(
      evaluateTree(cmp(sum7, "<", { threshold: "limit", multiple: 2 }), v, { limit: 61 }).evidence[0],
    ).toMatchObject({
      observed: 120,
      compareTo: [122],
      result: true,
    });
    const burst = evaluateTree(VELOCITY_BURST.condition, v, {});
    expect(burst).toMatchObject({
      fired: true,
      evidence: [{ observed: 7, comparator: ">", compareTo: [6] }],
    });
    expect(evaluateTree(VELOCITY_BURST.condition, values([[count1, 7, 3]]), {}).fired).toBe(false);
  });

  it("is false on missing data: no value, no previous value, unknown or inherited threshold", () => {
    expect(evaluateTree(cmp(sum7, "<", { value: 5 }), values([[sum7, null]]), {}).fired).toBe(false);
    expect(evaluateTree(cmp(sum7, ">", { value: 5 }), values([]), {}).fired).toBe(false);
    expect(
      evaluateTree(cmp(count1, ">", { previousPeriod: { multiple: 1 } }), values([[count1, 3, null]]), {})
        .fired,
    ).toBe(false);
    expect(evaluateTree(cmp(sum7, ">", { threshold: "toString" }), values([[sum7, 3]]), {}).fired).toBe(
      false,
    );
  });

  it("combines with and / or / not and between, keeping every leaf's evidence", () => {
    const v = values([
      [sum7, 50],
      [count1, 2, 2],
    ]);
    const between: Condition = { op: "between", aggregate: sum7, low: { value: 50 }, high: { value: 60 } };
    const tree: Condition = {
      op: "and",
      conditions: [between, { op: "not", condition: cmp(count1, ">", { value: 2 }) }],
    };
    const r = evaluateTree(tree, v, {});
    expect(r.fired).toBe(true);
    expect(r.evidence.map((e) => e.path)).toEqual([
      "condition.conditions.0",
      "condition.conditions.1.condition",
    ]);
    expect(
      evaluateTree(
        { op: "or", conditions: [cmp(count1, ">", { value: 2 }), cmp(sum7, "<", { value: 10 })] },
        v,
        {},
      ).fired,
    ).toBe(false);
    const list: Condition = { op: "in_list", subject: "counterparty", listId: "w" };
    expect(evaluateTree(list, values([], [[list, true]]), {})).toMatchObject({
      fired: true,
      evidence: [{ observed: true }],
    });
    expect(evaluateTree(list, values([]), {}).fired).toBe(false);
  });

  it("builds the rule outcome with severity, score, reason and counterfactual", () => {
    type Compare = Extract<Condition, { op: "compare" }>;
    const dormant = DORMANT_REACTIVATION.condition as { conditions: Compare[] };
    const [quiet, volume] = dormant.conditions;
    const v = values([
      [quiet!.aggregate, 0],
      [volume!.aggregate, 10_000],
    ]);
    const o = ruleOutcome(DORMANT_REACTIVATION, v, { dormantReactivationAmount: 10_000 });
    expect(o).toMatchObject({
      ruleId: DORMANT_REACTIVATION.ruleId,
      fired: true,
      severity: "high",
      score: 30,
    });
    expect(o.reason).toBe(DORMANT_REACTIVATION.reason);
    expect(o.evidence.map((e) => [e.observed, e.compareTo])).toEqual([
      [0, [0]],
      [10_000, [10_000]],
    ]);
  });
});

describe("decodeRow", () => {
  it("turns minor units into major, rebuilds stddev and previous values", () => {
    const sd: Aggregate = { fn: "stddev", field: "amount", windowDays: 7 };
    const columns: ColumnSpec[] = [
      { alias: "v0", key: aggregateKey(sum7), kind: "aggregate", aggregate: sum7 },
      { alias: "v1", key: aggregateKey(count1), kind: "aggregate", aggregate: count1 },
      { alias: "p2", key: aggregateKey(count1), kind: "previous", aggregate: count1 },
      { alias: "v3", key: aggregateKey(sd), kind: "aggregate", aggregate: sd },
      { alias: "l0", key: "list", kind: "list" },
    ];
    // amounts 100.00 and 300.00: population stddev 100.00
    const row = {
      entity_id: "e",
      v0: 40_000,
      v1: 4,
      p2: 1,
      v3n: 2,
      v3s: 40_000,
      v3q: 10_000 ** 2 + 30_000 ** 2,
      l0: 1,
    };
    const v = decodeRow(columns, row);
    expect(v.aggregates.get(aggregateKey(sum7))).toEqual({ value: 400 });
    expect(v.aggregates.get(aggregateKey(count1))).toEqual({ value: 4, previous: 1 });
    expect(v.aggregates.get(aggregateKey(sd))!.value).toBeCloseTo(100, 9);
    expect(v.lists.get("list")).toBe(true);
    expect(stddevOf(0, 0, 0)).toBeNull();
  });
});

describe("utcOffsetMinutes", () => {
  it("follows the zone at the instant", () => {
    expect(utcOffsetMinutes("UTC", new Date("2026-01-15T12:00:00Z"))).toBe(0);
    expect(utcOffsetMinutes("Africa/Lagos", new Date("2026-01-15T12:00:00Z"))).toBe(60);
    expect(utcOffsetMinutes("America/New_York", new Date("2026-01-15T12:00:00Z"))).toBe(-300);
    expect(utcOffsetMinutes("America/New_York", new Date("2026-07-15T12:00:00Z"))).toBe(-240);
    expect(utcOffsetMinutes("Asia/Kolkata", new Date("2026-07-15T12:00:00Z"))).toBe(330);
    expect(() => utcOffsetMinutes("Mars/Olympus", new Date())).toThrow();
  });
});
