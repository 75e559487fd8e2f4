import { describe, expect, it } from "vitest";
import { call, createTenant, insertCustomer, json } from "../harness";
import { customerWithFlows } from "./seed";

type Runway = {
  runway: {
    balance: string;
    averageMonthlyBurn: string;
    status: string;
    expectedMonths: number | null;
    p10Months: number | null;
    p50Months: number | null;
    p90Months: number | null;
    confidenceInterval: { level: number; lowerMonths: number | null; upperMonths: number | null };
    depletionProbability: { within3Months: number; within6Months: number; within12Months: number };
    monthlyNetFlows: { month: string; netFlow: string }[];
  };
};

const steadyBurn = (months: number, credit: number, debit: number) =>
  Array.from({ length: months }, (_, k) => ({ back: k + 1, credit, debit }));

describe("GET /v1/insights/runway/{customerId}", () => {
  it("a steady burn gives balance / burn months with certainty", async () => {
    const t = await createTenant();
    // net -500 every month for 6 months, 3000 left: 6 months of runway
    const id = await customerWithFlows(t, { balanceMinor: 300_000, flows: steadyBurn(6, 500, 1000) });
    const res = await call("GET", `/v1/insights/runway/${id}`, { key: t.key });
    expect(res.status).toBe(200);
    const { runway } = await json<Runway>(res);
    expect(runway).toMatchObject({
      balance: "3000.00",
      averageMonthlyBurn: "500.00",
      status: "watch",
      expectedMonths: 6,
      p10Months: 6,
      p50Months: 6,
      p90Months: 6,
      depletionProbability: { within3Months: 0, within6Months: 1, within12Months: 1 },
    });
    expect(runway.monthlyNetFlows).toHaveLength(6);
    expect(runway.monthlyNetFlows.every((m) => m.netFlow === "-500.00")).toBe(true);
  });

  it("volatile flows widen the interval around the median", async () => {
    const t = await createTenant();
    const flows = [200, 1400, 300, 1200, 100, 1800].map((debit, k) => ({ back: k + 1, credit: 300, debit }));
    const id = await customerWithFlows(t, { balanceMinor: 500_000, flows });
    const { runway } = await json<Runway>(await call("GET", `/v1/insights/runway/${id}`, { key: t.key }));
    const { p10Months, p50Months, p90Months } = runway;
    expect(p10Months).not.toBeNull();
    expect(p10Months!).toBeLessThan(p50Months!);
    expect(p50Months!).toBeLessThan(p90Months!);
    expect(runway.confidenceInterval).toEqual({ level: 0.8, lowerMonths: p10Months, upperMonths: p90Months });
    // debits 5000 over 6 months, credits 1800: burn 533.33 a month, 5000 / 533.33 = 9.4 months
    expect(runway.averageMonthlyBurn).toBe("533.33");
    expect(runway.expectedMonths).toBe(9.4);
    expect(runway.depletionProbability.within3Months).toBeLessThan(
      runway.depletionProbability.within12Months,
    );
  });

  it("a customer with growing balance is not burning (no finite quantiles)", async () => {
    const t = await createTenant();
    const id = await customerWithFlows(t, { balanceMinor: 100_000, flows: steadyBurn(6, 1000, 200) });
    const { runway } = await json<Runway>(await call("GET", `/v1/insights/runway/${id}`, { key: t.key }));
    expect(runway).toMatchObject({
      status: "not_burning",
      expectedMonths: null,
      p50Months: null,
      averageMonthlyBurn: "0.00",
    });
  });

  it("404 for an unknown or another tenant's customer, 400 for a non-uuid", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const foreign = await insertCustomer(other);
    expect((await call("GET", `/v1/insights/runway/${crypto.randomUUID()}`, { key: t.key })).status).toBe(
      404,
    );
    expect((await call("GET", `/v1/insights/runway/${foreign.id}`, { key: t.key })).status).toBe(404);
    expect((await call("GET", "/v1/insights/runway/not-a-uuid", { key: t.key })).status).toBe(400);
  });
});

describe("GET /v1/insights/runway/portfolio", () => {
  it("counts customers by runway band and projects depletions", async () => {
    const t = await createTenant();
    await customerWithFlows(t, { balanceMinor: 300_000, flows: steadyBurn(6, 500, 1000) }); // 6 months: watch
    await customerWithFlows(t, { balanceMinor: 10_000, flows: steadyBurn(6, 0, 100) }); // 1 month: critical
    await customerWithFlows(t, { balanceMinor: 10_000, flows: steadyBurn(6, 500, 100) }); // not burning
    await customerWithFlows(t, { balanceMinor: -5_000, flows: [] }); // depleted
    await customerWithFlows(t, { balanceMinor: 10_000, status: "closed", flows: steadyBurn(6, 0, 100) }); // left out
    const res = await call("GET", "/v1/insights/runway/portfolio", { key: t.key });
    expect(res.status).toBe(200);
    const { portfolio } = await json<{
      portfolio: Record<string, unknown> & { projectedDepletions: Record<string, unknown> };
    }>(res);
    expect(portfolio).toMatchObject({
      customersAnalysed: 4,
      byStatus: { depleted: 1, critical: 1, warning: 0, watch: 1, stable: 0, notBurning: 1 },
      under3Months: 2,
      under6Months: 2,
      under12Months: 3,
      balanceAtRisk: "100.00",
      expectedRunwayMonths: { p10: 0, p50: 1, p90: 6 },
    });
    // deterministic flows: 2 are out within 3 months (certain), 3 within 6
    expect(portfolio.projectedDepletions).toMatchObject({
      within3Months: { expected: 2, lower: 2, upper: 2 },
      within6Months: { expected: 3, lower: 3, upper: 3 },
    });
  });
});
