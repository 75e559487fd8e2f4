import { describe, expect, it } from "vitest";
import { call, createTenant, json } from "../harness";
import { monthsAgo, seedPortfolio } from "./seed";

describe("GET /v1/insights/saas-metrics", () => {
  it("classifies month-over-month inflow per customer into new, expansion, contraction, churned", async () => {
    const t = await createTenant();
    await seedPortfolio(t);
    const res = await call("GET", "/v1/insights/saas-metrics", { key: t.key });
    expect(res.status).toBe(200);
    const body = await json<{ metrics: Record<string, unknown>; mrrTrend: { month: string; mrr: string }[] }>(
      res,
    );
    expect(body.metrics).toMatchObject({
      month: monthsAgo(1).slice(0, 7),
      mrr: "2100.00",
      previousMrr: "1900.00",
      newInflow: "600.00",
      expansionInflow: "200.00",
      contractionInflow: "200.00",
      churnedInflow: "400.00",
      quickRatio: 1.33, // (600 + 200) / (200 + 400)
      growthPercent: 10.53, // 200 / 1900
      grossRetentionPercent: 68.42, // (1900 - 200 - 400) / 1900
      netRetentionPercent: 78.95, // (1300 + 200) / 1900
      activeCustomers: 3,
      newCustomers: 1,
      churnedCustomers: 1,
      averageInflowPerCustomer: "700.00",
      revenueHealth: "healthy",
      totalCustomers: 4,
    });
    expect(body.mrrTrend).toHaveLength(6);
    expect(body.mrrTrend.slice(-2).map((p) => p.mrr)).toEqual(["1900.00", "2100.00"]);
  });

  it("an empty portfolio has zeros and insufficient_data", async () => {
    const t = await createTenant();
    const body = await json<{ metrics: Record<string, unknown> }>(
      await call("GET", "/v1/insights/saas-metrics", { key: t.key }),
    );
    expect(body.metrics).toMatchObject({
      mrr: "0.00",
      quickRatio: null,
      revenueHealth: "insufficient_data",
      activeCustomers: 0,
    });
  });
});

describe("GET /v1/insights/saas-metrics/history", () => {
  it("returns the last N complete months, newest first", async () => {
    const t = await createTenant();
    await seedPortfolio(t);
    const body = await json<{
      history: Array<{ month: string; mrr: string; newInflow: string; growthPercent: number | null }>;
    }>(await call("GET", "/v1/insights/saas-metrics/history?months=3", { key: t.key }));
    expect(body.history.map((h) => h.month)).toEqual([1, 2, 3].map((k) => monthsAgo(k).slice(0, 7)));
    expect(body.history.map((h) => h.mrr)).toEqual(["2100.00", "1900.00", "0.00"]);
    expect(body.history[1]).toMatchObject({ newInflow: "1900.00", growthPercent: null });
    const byDefault = await json<{ history: unknown[] }>(
      await call("GET", "/v1/insights/saas-metrics/history", { key: t.key }),
    );
    expect(byDefault.history).toHaveLength(12);
  });

  it("refuses months outside 1..24", async () => {
    const t = await createTenant();
    for (const months of ["0", "25", "abc", "1.5"]) {
      const res = await call("GET", `/v1/insights/saas-metrics/history?months=${months}`, { key: t.key });
      expect(res.status).toBe(400);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("bad_request");
    }
  });
});
