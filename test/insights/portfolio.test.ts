import { describe, expect, it } from "vitest";
import { call, createKey, createTenant, insertCustomer, json } from "../harness";
import { seedPortfolio } from "./seed";

type Group = { key: string; inflow: string; sharePercent: number };

describe("GET /v1/insights/concentration", () => {
  it("shares of the top customers, HHI, by vertical and by counterparty country", async () => {
    const t = await createTenant();
    const { a } = await seedPortfolio(t);
    const res = await call("GET", "/v1/insights/concentration", { key: t.key });
    expect(res.status).toBe(200);
    const { concentration: c } = await json<{
      concentration: {
        totalInflow: string;
        customers: Record<string, unknown> & { topCustomers: { customerId: string; inflow: string }[] };
        byVertical: { hhi: number; groups: Group[] };
        byCounterpartyCountry: { groups: Group[] };
      };
    }>(res);
    // per customer over 12 months: A 2200, B 800, C 400, D 600 of 4000
    expect(c.totalInflow).toBe("4000.00");
    expect(c.customers).toMatchObject({
      top1SharePercent: 55,
      top5SharePercent: 100,
      top10SharePercent: 100,
      hhi: 3750, // 55^2 + 20^2 + 15^2 + 10^2
      concentrationLevel: "high",
    });
    expect(c.customers.topCustomers[0]).toMatchObject({ customerId: a, inflow: "2200.00" });
    expect(c.customers.topCustomers.map((x) => x.inflow)).toEqual(["2200.00", "800.00", "600.00", "400.00"]);
    expect(c.byVertical.groups.map((g) => [g.key, g.inflow, g.sharePercent])).toEqual([
      ["retail", "3000.00", 75],
      ["agri", "1000.00", 25],
    ]);
    expect(c.byVertical.hhi).toBe(6250);
    expect(c.byCounterpartyCountry.groups.map((g) => [g.key, g.sharePercent])).toEqual([
      ["GH", 85],
      ["NG", 15],
    ]);
    // a one-month window sees only last month: 1200 + 300 + 600
    const last = await json<{ concentration: { totalInflow: string } }>(
      await call("GET", "/v1/insights/concentration?months=1", { key: t.key }),
    );
    expect(last.concentration.totalInflow).toBe("2100.00");
    expect((await call("GET", "/v1/insights/concentration?months=0", { key: t.key })).status).toBe(400);
  });
});

describe("GET /v1/insights/portfolio-narrative", () => {
  it("tells the metrics in fixed sentences with the numbers as evidence", async () => {
    const t = await createTenant();
    await seedPortfolio(t);
    const res = await call("GET", "/v1/insights/portfolio-narrative", { key: t.key });
    expect(res.status).toBe(200);
    const { narrative } = await json<{
      narrative: {
        headline: string;
        sections: { title: string; content: string }[];
        keyInsights: string[];
        evidence: { metric: string; value: unknown }[];
      };
    }>(res);
    expect(narrative.sections.map((s) => s.title)).toEqual(["Revenue", "Concentration", "Cash runway"]);
    expect(narrative.sections[0].content).toContain("GHS 2100.00");
    expect(narrative.sections[0].content).toContain("up 10.53%");
    expect(narrative.sections[1].content).toContain("retail");
    expect(narrative.keyInsights.join(" ")).toContain("highly concentrated");
    expect(narrative.evidence).toContainEqual({ metric: "mrr", value: "2100.00" });
    expect(narrative.evidence).toContainEqual({ metric: "hhi", value: "3750" });
    // deterministic: same data, same text
    const again = await json<{ narrative: unknown }>(
      await call("GET", "/v1/insights/portfolio-narrative", { key: t.key }),
    );
    expect(again.narrative).toEqual(narrative);
  });
});

describe("POST /v1/insights/what-if-churn", () => {
  type WhatIf = {
    churnedCustomers: number;
    assumptions: { selectedByRate: number; namedCustomers: number };
    baseline: Record<string, unknown>;
    scenario: Record<string, unknown>;
    delta: Record<string, unknown>;
    projection: unknown[];
  };
  const whatIf = (key: string, body: unknown) => call("POST", "/v1/insights/what-if-churn", { key, body });

  it("a churn rate removes the smallest customers and projects both portfolios", async () => {
    const t = await createTenant();
    await seedPortfolio(t);
    const readOnly = await createKey(t.id, ["insights:read"]);
    const res = await whatIf(readOnly.key, { churnRatePercent: 34, horizonMonths: 1 });
    expect(res.status).toBe(200);
    const body = await json<WhatIf>(res);
    // last month: A 1200, B 300, D 600 active; 34% of 3 rounds to 1: B (smallest) leaves
    expect(body.assumptions).toMatchObject({ selectedByRate: 1, namedCustomers: 0 });
    expect(body.churnedCustomers).toBe(1);
    expect(body.baseline).toMatchObject({ mrr: "2100.00", activeCustomers: 3 });
    expect(body.scenario).toMatchObject({ mrr: "1800.00", activeCustomers: 2 });
    // growth 1900 -> 2100 over the window: one month on, 2100 * 21/19 = 2321.05 and 1800 * 21/19 = 1989.47
    expect(body.baseline.projectedMrrAtHorizon).toBe("2321.05");
    expect(body.scenario.projectedMrrAtHorizon).toBe("1989.47");
    expect(body.delta).toMatchObject({
      mrr: "-300.00",
      activeCustomers: -1,
      projectedCumulativeInflow: "-331.58",
    });
  });

  it("named customers leave; unknown or foreign ones are 404", async () => {
    const t = await createTenant();
    const { a } = await seedPortfolio(t);
    const body = await json<WhatIf>(await whatIf(t.key, { churnedCustomerIds: [a] }));
    expect(body.scenario).toMatchObject({ mrr: "900.00", activeCustomers: 2 });
    expect(body.delta).toMatchObject({ mrrPercent: -57.14 });
    // named and rate together: A named, then the smallest of the others (B) by the rate
    const both = await json<WhatIf>(
      await whatIf(t.key, { churnedCustomerIds: [a, a], churnRatePercent: 34 }),
    );
    expect(both.assumptions).toMatchObject({ namedCustomers: 1, selectedByRate: 1 });
    expect(both.scenario).toMatchObject({
      mrr: "600.00",
      activeCustomers: 1,
      top1SharePercent: 100,
      hhi: 10000,
    });
    const other = await createTenant();
    const foreign = await insertCustomer(other);
    expect((await whatIf(t.key, { churnedCustomerIds: [foreign.id] })).status).toBe(404);
    expect((await whatIf(t.key, { churnedCustomerIds: [crypto.randomUUID()] })).status).toBe(404);
  });

  it("refuses bad input with 400", async () => {
    const t = await createTenant();
    const bad = [
      { churnRatePercent: 101 },
      { churnRatePercent: -1 },
      { churnRatePercent: 10, horizonMonths: 0 },
      { churnRatePercent: 10, horizonMonths: 37 },
      { churnRatePercent: 10, horizonMonths: 2.5 },
      { churnedCustomerIds: ["not-a-uuid"] },
      { churnRatePercent: 10, tenantId: crypto.randomUUID() },
      {},
    ];
    for (const b of bad) {
      const res = await whatIf(t.key, b);
      expect(res.status, JSON.stringify(b)).toBe(400);
    }
    const res = await whatIf(t.key, { churnRatePercent: 101, horizonMonths: 37 });
    const err = await json<{ error: { details: { path: string }[] } }>(res);
    expect(err.error.details.map((d) => d.path).sort()).toEqual(["churnRatePercent", "horizonMonths"]);
  });
});
