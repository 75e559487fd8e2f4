import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS } from "../../../detection/domain/aml/thresholds";
import { type CompileInput, compileCustomRules, type Fragment } from "./compile";
import { STRUCTURING, VELOCITY_BURST, WORKED_EXAMPLES } from "./examples";
import type { Condition, CustomRule, TransactionFilter } from "./tree";
import { TREE_LIMITS } from "./tree";
import { validateCustomRules } from "./validate";

const input = (rules: CustomRule[], extra: Partial<CompileInput> = {}): CompileInput => ({
  rules,
  entityType: "customer",
  thresholds: DEFAULT_THRESHOLDS,
  asOf: "2026-03-01T12:00:00.000Z",
  utcOffsetMinutes: 0,
  target: { entityId: "cus-1" },
  lists: { values: {} },
  failedStatuses: ["failed", "declined"],
  ...extra,
});
const text = (s: Fragment[]) => s.map((f) => (typeof f === "string" ? f : "?")).join("");
const params = (s: Fragment[]) => s.filter((f) => typeof f !== "string");
const rule = (ruleId: string, condition: Condition, extra: Partial<CustomRule> = {}): CustomRule => ({
  ...STRUCTURING,
  ruleId,
  condition,
  ...extra,
});

/** The heaviest rule sets validation lets through: many cheap aggregates, or fewer with every filter maxed. */
function widest(): CustomRule[] {
  const fns = ["count", "sum", "avg", "min", "max", "stddev"] as const;
  let n = 0;
  return Array.from({ length: TREE_LIMITS.maxCustomRules }, (_, r) =>
    rule(`r${r}`, {
      op: "or",
      conditions: Array.from({ length: 8 }, () => {
        const i = n++;
        const fn = fns[i % fns.length]!;
        return {
          op: "compare",
          aggregate: {
            fn,
            field: fn === "count" ? undefined : "amount",
            windowDays: 1 + (i % 30),
            offsetDays: Math.floor(i / 30),
          },
          comparator: ">",
          to: { value: i },
        } as Condition;
      }),
    }),
  );
}
function heaviest(): CustomRule[] {
  const values = (p: string) =>
    Array.from({ length: TREE_LIMITS.maxFilterValues }, (_, i) => `${p}-${i}-${"x".repeat(12)}`);
  const filter = (i: number): TransactionFilter => ({
    types: ["credit"],
    statuses: values(`s${i}`),
    channels: values(`c${i}`),
    categories: values(`k${i}`),
    counterparties: values(`p${i}`),
    merchants: values(`m${i}`),
    counterpartyCountries: ["GH", "NG"],
    amountMin: 1,
    amountMax: { threshold: "largeCashAmount", multiple: 2 },
    amountBelow: 1_000_000,
    hourFrom: 22,
    hourTo: 5,
  }); // cost (1 + 12 filters) x 2 = 26 with a previous period: 15 rules cost 390
  return Array.from({ length: 15 }, (_, r) =>
    rule(`h${r}`, {
      op: "compare",
      aggregate: { fn: "stddev", field: "amount", windowDays: 30, filter: filter(r) },
      comparator: ">",
      to: { previousPeriod: { multiple: 2 } },
    }),
  );
}

describe("compileCustomRules", () => {
  it.each([
    ["many cheap aggregates", widest],
    ["every filter at its limit", heaviest],
  ])("keeps the largest valid rule sets (%s) under D1's limits", (_, make) => {
    const rules = make();
    expect(validateCustomRules(rules, "custom")).toEqual([]);
    for (const target of [
      { entityId: "cus-1" },
      { activeFrom: "2026-01-01T00:00:00.000Z", after: "c", limit: 1000 },
    ]) {
      const q = compileCustomRules(input(rules, { target }));
      expect(q.statements.length).toBeLessThanOrEqual(3);
      for (const s of q.statements) {
        expect(params(s).length).toBeLessThan(100);
        expect(params(s).length).toBeLessThanOrEqual(4);
        expect(new TextEncoder().encode(text(s)).length).toBeLessThan(100_000);
        const json = s.find((f): f is { param: string } => typeof f === "object" && "param" in f)!.param;
        expect(json.length).toBeLessThan(1_000_000);
        // SQLite's default limit on result columns
        expect(text(s).split(" AS ").length).toBeLessThan(2000);
      }
    }
  });

  it("computes every aggregate in one statement over the tenant's rows, with conditional aggregation", () => {
    const q = compileCustomRules(input(WORKED_EXAMPLES));
    expect(q.statements).toHaveLength(1);
    const [s] = q.statements;
    expect(params(s!)).toEqual([
      { param: JSON.stringify({ s: [["cash"]] }) },
      { param: "cus-1" },
      { tenant: "t" },
      { param: "cus-1" },
    ]);
    const sql = text(s!);
    expect(sql).toContain("FROM transactions t WHERE ? AND t.transaction_date > ");
    expect(sql).toContain("AND t.customer_id = ?");
    expect(sql).toContain(
      "count(CASE WHEN r.d > '2026-02-22T12:00:00.000Z' AND r.d <= '2026-03-01T12:00:00.000Z'",
    );
    // Structuring's band read from the threshold: [45,000.00, 50,000.00) in minor units
    expect(sql).toContain("r.m >= 4500000 AND r.m < 5000000");
    // Velocity: the day and the day before
    expect(sql).toMatch(
      /AS v\d+, count\(CASE WHEN r\.d > '2026-02-27T12:00:00\.000Z' AND r\.d <= '2026-02-28T12:00:00\.000Z'.* AS p\d+/,
    );
    // Dormancy: 90 days ending 7 days ago
    expect(sql).toContain("r.d > '2025-11-24T12:00:00.000Z' AND r.d <= '2026-02-22T12:00:00.000Z'");
    expect(sql).not.toContain("GROUP BY");
    expect(q.columns.map((c) => c.kind)).toEqual([
      "aggregate",
      "aggregate",
      "previous",
      "aggregate",
      "aggregate",
    ]);
  });

  it("shares one column between equal aggregates and skips disabled rules and other entity types", () => {
    const twin = { ...VELOCITY_BURST, ruleId: "twin", to: { value: 5 } };
    expect(compileCustomRules(input([VELOCITY_BURST, twin])).columns).toHaveLength(2);
    const off = { ...STRUCTURING, enabled: false };
    const agents = { ...VELOCITY_BURST, appliesTo: ["agent" as const] };
    expect(compileCustomRules(input([off, agents])).columns).toEqual([]);
  });

  it("never writes a tenant's strings into the SQL text", () => {
    const evil = "x') OR 1=1 --";
    const r = rule("evil", {
      op: "and",
      conditions: [
        {
          op: "compare",
          aggregate: { fn: "count", windowDays: 3, filter: { channels: [evil], merchants: [evil] } },
          comparator: ">",
          to: { value: 0 },
        },
        { op: "in_list", subject: "counterparty", listId: "w'1" },
      ],
    });
    const [s] = compileCustomRules(input([r], { lists: { values: { "w'1": [evil] } } })).statements;
    expect(text(s!)).not.toContain("1=1");
    expect(text(s!)).not.toContain("w'1");
    expect(JSON.stringify(params(s!))).toContain("1=1");
    // Through the lists module, the list id travels in a membership fragment, never in the text.
    const [m] = compileCustomRules(input([r], { lists: { membership: true } })).statements;
    expect(text(m!)).not.toContain("w'1");
    expect(params(m!)).toContainEqual({
      member: { listId: "w'1", entryType: "counterparty", value: "r.cn" },
    });
  });

  it("groups by entity in pages for backtests", () => {
    const [s] = compileCustomRules(
      input(WORKED_EXAMPLES, {
        target: { activeFrom: "2026-02-01T00:00:00.000Z", after: "c-9", limit: 500 },
      }),
    ).statements;
    const sql = text(s!);
    expect(sql).toContain("AND t.customer_id IS NOT NULL AND t.customer_id > ?");
    expect(sql).toContain("GROUP BY r.e HAVING active > 0 ORDER BY r.e LIMIT 500");
    expect(params(s!)).toContainEqual({ param: "c-9" });
  });

  it("splits a rule set whose SQL passes the size limit into statements over the same rows", () => {
    const q = compileCustomRules(input(widest(), { maxStatementChars: 10_000 }));
    expect(q.statements.length).toBeGreaterThan(3);
    const where = (s: Fragment[]) => text(s).slice(text(s).indexOf(" FROM (SELECT"));
    expect(new Set(q.statements.map(where)).size).toBe(1);
  });

  it("reads hours in the tenant's offset and wraps midnight", () => {
    const night = rule("night", {
      op: "compare",
      aggregate: { fn: "count", windowDays: 7, filter: { hourFrom: 22, hourTo: 5 } },
      comparator: ">",
      to: { value: 0 },
    });
    const sql = text(compileCustomRules(input([night], { utcOffsetMinutes: 60 })).statements[0]!);
    expect(sql).toContain("strftime('%H', t.transaction_date, '+60 minutes')");
    expect(sql).toContain("(r.h >= 22 OR r.h <= 5)");
    expect(() => compileCustomRules(input([night], { utcOffsetMinutes: 1.5 }))).toThrow();
  });

  it("looks entity lists up through one tenant-scoped join and the lists module's membership test", () => {
    const pep = rule("pep", { op: "in_list", subject: "entity_name", listId: "pep" });
    const [s] = compileCustomRules(input([pep], { lists: { membership: true } })).statements;
    expect(params(s!).filter((f) => "tenant" in f)).toEqual([{ tenant: "t" }, { tenant: "c" }]);
    // The raw column: the lists module applies its own normalization (names casefolded, spaces collapsed).
    expect(params(s!)).toContainEqual({ member: { listId: "pep", entryType: "name", value: "c.name" } });
    expect(text(s!)).toContain("coalesce(?, 0) AS l0");
    expect(text(s!)).not.toContain("list_entries");
    expect(text(s!)).toContain("LEFT JOIN customers c ON ? AND c.id = a.entity_id");
  });
});
