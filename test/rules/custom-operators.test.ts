import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { forTenant } from "../../src/db/tenant-db";
import { DEFAULT_THRESHOLDS } from "../../src/modules/detection/domain/aml/thresholds";
import { failedStatuses, runCompiled } from "../../src/modules/rules/custom/repo";
import { customRuleHits, evaluateCustomRules } from "../../src/modules/rules/custom/service";
import { compileCustomRules } from "../../src/modules/rules/domain/custom/compile";
import { STRUCTURING } from "../../src/modules/rules/domain/custom/examples";
import type {
  Aggregate,
  Condition,
  CustomRule,
  TransactionFilter,
} from "../../src/modules/rules/domain/custom/tree";
import { createTenant, insertAccount, insertCustomer, insertTransactions, type TestTenant } from "../harness";

/** Every aggregate function and filter of the catalog against real D1, values derived in JS. */
const NOW = new Date("2026-03-01T12:00:00.000Z");
const at = (days: number, hours = 0) =>
  new Date(NOW.getTime() - (days * 24 + hours) * 3_600_000).toISOString();
type Tx = Parameters<typeof insertTransactions>[2][number];

const txs: Tx[] = [
  {
    amountMinor: 10_000,
    transactionDate: at(1),
    counterpartyName: "Ama Mensah",
    counterpartyCountry: "GH",
    merchantName: "Shop A",
    category: "Retail",
    channel: "mobile_money",
  },
  {
    amountMinor: 30_000,
    transactionDate: at(2),
    counterpartyName: "ama mensah ",
    counterpartyCountry: "ng",
    merchantName: "Shop B",
    category: "retail",
    channel: "card",
  },
  {
    amountMinor: 20_000,
    transactionDate: at(2, 3),
    counterpartyName: "Kofi",
    counterpartyAccount: "ACC-9",
    counterpartyCountry: "GH",
    type: "debit",
    channel: "CARD",
  },
  {
    amountMinor: 70_000,
    transactionDate: at(3),
    status: "failed",
    counterpartyName: "Kofi",
    channel: "card",
  },
  { amountMinor: 55_000, transactionDate: at(20), counterpartyName: "Old", channel: "card" },
];
const moved = txs.filter(
  (t) => t.status !== "failed" && Date.parse(t.transactionDate) > NOW.getTime() - 7 * 86_400_000,
);
const amounts = moved.map((t) => t.amountMinor / 100);

let t: TestTenant;
let other: TestTenant;
let customerId: string;
const scope = (x: TestTenant) => ({ db: forTenant(systemShardDb(env, x.shard), x.id), tenantId: x.id });
const leaf = (aggregate: Aggregate): Condition => ({
  op: "compare",
  aggregate,
  comparator: ">=",
  to: { value: -1 },
});
const ruleOf = (ruleId: string, condition: Condition): CustomRule => ({ ...STRUCTURING, ruleId, condition });

async function observed(aggregates: Aggregate[], extra: { timeZone?: string } = {}) {
  const rule = ruleOf("probe", { op: "and", conditions: aggregates.map(leaf) });
  const [o] = await evaluateCustomRules(scope(t), {
    entityType: "customer",
    entityId: customerId,
    rules: [rule],
    now: NOW,
    thresholds: DEFAULT_THRESHOLDS,
    ...extra,
  });
  return o!.evidence.map((e) => e.observed);
}
const week = (fn: Aggregate["fn"], field?: Aggregate["field"], filter?: TransactionFilter): Aggregate => ({
  fn,
  field,
  windowDays: 7,
  filter,
});

beforeAll(async () => {
  t = await createTenant({ name: "Custom operators", shard: 0 });
  other = await createTenant({ name: "Custom operators other", shard: 0 });
  const c = await insertCustomer(t, { name: "  Jane DOE ", phone: "+233 (20) 555-0101" });
  customerId = c.id!;
  const a = await insertAccount(t, customerId);
  await insertTransactions(t, { id: a.id!, customerId }, txs);
  const oc = await insertCustomer(other);
  const oa = await insertAccount(other, oc.id!);
  await insertTransactions(other, { id: oa.id!, customerId }, txs);
});

describe("aggregate functions", () => {
  it("count, sum, avg, min, max, stddev over moved money in the window", async () => {
    const mean = amounts.reduce((s, x) => s + x, 0) / amounts.length;
    const sd = Math.sqrt(amounts.reduce((s, x) => s + (x - mean) ** 2, 0) / amounts.length);
    const got = await observed([
      week("count"),
      week("sum", "amount"),
      week("avg", "amount"),
      week("min", "amount"),
      week("max", "amount"),
      week("stddev", "amount"),
    ]);
    expect(got.slice(0, 5)).toEqual([
      moved.length,
      amounts.reduce((s, x) => s + x, 0),
      mean,
      Math.min(...amounts),
      Math.max(...amounts),
    ]);
    expect(got[5]).toBeCloseTo(sd, 6);
  });

  it("count_distinct of categorical fields, normalized", async () => {
    const got = await observed([
      week("count_distinct", "counterparty_country"),
      week("count_distinct", "category"),
      week("count_distinct", "channel"),
      week("count_distinct", "day"),
    ]);
    const distinct = (f: (x: Tx) => string | null | undefined) =>
      new Set(moved.map(f).filter((x) => x != null)).size;
    expect(got).toEqual([
      distinct((x) => x.counterpartyCountry?.toUpperCase()),
      distinct((x) => x.category?.toLowerCase()),
      distinct((x) => x.channel?.toLowerCase()),
      distinct((x) => x.transactionDate.slice(0, 10)),
    ]);
  });
});

describe("filters", () => {
  it("statuses, types, channels, categories, merchants, counterparties, countries, amounts", async () => {
    const got = await observed([
      week("count", undefined, { statuses: ["FAILED"] }),
      week("count", undefined, { types: ["debit"] }),
      week("count", undefined, { channels: ["card"] }),
      week("count", undefined, { categories: ["RETAIL"] }),
      week("count", undefined, { merchants: ["shop b"] }),
      week("count", undefined, { counterparties: ["AMA MENSAH", "acc-9"] }),
      week("count", undefined, { counterpartyCountries: ["NG"] }),
      week("count", undefined, { amountMin: 150, amountMax: 300 }),
      week("count", undefined, {
        amountMin: { threshold: "largeCashAmount", multiple: 0.004 },
        amountBelow: 300,
      }),
    ]);
    expect(got).toEqual([1, 1, 2, 2, 1, 3, 1, 2, 1]);
  });

  it("reads hour-of-day in the tenant's time zone", async () => {
    // 12:00Z - 3h on day 2 = 09:00Z: 09 UTC, 10 in Lagos; 12:00Z: 12 / 13
    const morning = week("count", undefined, { hourFrom: 10, hourTo: 10 });
    expect(await observed([morning])).toEqual([0]);
    expect(await observed([morning], { timeZone: "Africa/Lagos" })).toEqual([1]);
    await expect(observed([morning], { timeZone: "Nowhere/None" })).rejects.toThrow("Invalid time zone");
  });
});

describe("lists (entries passed as values until the lists table lands)", () => {
  it("finds a counterparty in the window and the entity's own name and phone", async () => {
    const rules: CustomRule[] = [
      ruleOf("cp", { op: "in_list", subject: "counterparty", listId: "watch", windowDays: 7 }),
      ruleOf("cp-old", { op: "in_list", subject: "counterparty", listId: "old", windowDays: 7 }),
      ruleOf("name", { op: "in_list", subject: "entity_name", listId: "pep" }),
      ruleOf("phone", { op: "in_list", subject: "entity_phone", listId: "phones" }),
      ruleOf("none", { op: "in_list", subject: "entity_name", listId: "empty" }),
    ];
    const outcomes = await evaluateCustomRules(scope(t), {
      entityType: "customer",
      entityId: customerId,
      rules,
      now: NOW,
      thresholds: DEFAULT_THRESHOLDS,
      lists: { watch: [" KOFI"], old: ["Old"], pep: ["jane doe"], phones: ["233205550101"], empty: [] },
    });
    expect(Object.fromEntries(outcomes.map((o) => [o.ruleId, o.fired]))).toEqual({
      cp: true,
      "cp-old": false,
      name: true,
      phone: true,
      none: false,
    });
  });
});

describe("large rule sets", () => {
  it("a set split over several statements gives the same values as one statement", async () => {
    const aggregates = Array.from({ length: 40 }, (_, i) =>
      week(i % 2 ? "sum" : "count", i % 2 ? "amount" : undefined, { amountMin: i }),
    );
    const rules = [0, 1, 2, 3].map((r) =>
      ruleOf(`m${r}`, { op: "or", conditions: aggregates.slice(r * 10, r * 10 + 10).map(leaf) }),
    );
    const base = {
      rules,
      entityType: "customer" as const,
      thresholds: DEFAULT_THRESHOLDS,
      asOf: NOW.toISOString(),
      utcOffsetMinutes: 0,
      target: { entityId: customerId },
      lists: { values: {} },
      failedStatuses,
    };
    const one = compileCustomRules(base);
    const split = compileCustomRules({ ...base, maxStatementChars: 2_000 });
    expect(one.statements).toHaveLength(1);
    expect(split.statements.length).toBeGreaterThan(2);
    const noLists = () => {
      throw new Error("no list in this rule set");
    };
    expect(await runCompiled(scope(t), split, noLists)).toEqual(await runCompiled(scope(t), one, noLists));
  });

  it("the heaviest valid set (every filter at its limit, previous periods) runs in D1", async () => {
    const values = (p: string) => Array.from({ length: 50 }, (_, i) => `${p}-${i}`);
    const rules = Array.from({ length: 15 }, (_, r) =>
      ruleOf(`h${r}`, {
        op: "compare",
        aggregate: week("stddev", "amount", {
          types: ["credit"],
          statuses: values(`s${r}`),
          channels: [...values(`c${r}`).slice(1), "card"],
          categories: values(`k${r}`),
          counterparties: values(`p${r}`),
          merchants: values(`m${r}`),
          counterpartyCountries: ["GH", "NG"],
          amountMin: 1,
          amountMax: { threshold: "largeCashAmount" },
          amountBelow: 1_000_000,
          hourFrom: 22,
          hourTo: 5,
        }),
        comparator: ">",
        to: { previousPeriod: { multiple: 2 } },
      }),
    );
    const outcomes = await evaluateCustomRules(scope(t), {
      entityType: "customer",
      entityId: customerId,
      rules,
      now: NOW,
      thresholds: DEFAULT_THRESHOLDS,
    });
    expect(outcomes.map((o) => o.fired)).toEqual(rules.map(() => false));
  });
});

describe("tenancy", () => {
  it("a backtest of the other tenant sees only its own entities and rows", async () => {
    const count = ruleOf("any", leaf(week("count")));
    const hits = await customRuleHits(scope(other), {
      entityType: "customer",
      rules: [count],
      thresholds: DEFAULT_THRESHOLDS,
      from: new Date(NOW.getTime() - 86_400_000 * 30),
      to: NOW,
    });
    expect([...hits.get("any")!]).toEqual([customerId]); // its rows were inserted under the same id
    const [o] = await evaluateCustomRules(scope(other), {
      entityType: "customer",
      entityId: customerId,
      rules: [ruleOf("n", { op: "in_list", subject: "entity_name", listId: "pep" })],
      now: NOW,
      thresholds: DEFAULT_THRESHOLDS,
      lists: { pep: ["jane doe"] },
    });
    expect(o!.fired).toBe(false); // the other tenant has no customer of that name under the id
  });
});
