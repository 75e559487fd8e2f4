import { describe, expect, it } from "vitest";
import { call, createTenant, insertCustomer, json } from "../harness";
import { calculate, seedHealthyCustomer, worsen } from "./seed";

describe("BHI reads", () => {
  it("GET /v1/bhi/{customerId}: 404 for a customer without a record and for an unknown one", async () => {
    const t = await createTenant();
    const idle = await insertCustomer(t);
    for (const id of [idle.id, crypto.randomUUID()]) {
      const res = await call("GET", `/v1/bhi/${id}`, { key: t.key });
      expect(res.status).toBe(404);
    }
    expect((await call("GET", `/v1/bhi/${crypto.randomUUID()}/history`, { key: t.key })).status).toBe(404);
  });

  it("lists latest records by default, all with isLatest=false, filters by band", async () => {
    const t = await createTenant({ settings: { riskAlertThreshold: 50 } });
    const a = await seedHealthyCustomer(t, "A Ltd");
    const b = await seedHealthyCustomer(t, "B Ltd");
    await calculate(t, {});
    await worsen(t, { id: b.account.id!, customerId: b.customer.id! });
    await calculate(t, { customerId: b.customer.id });

    type List = {
      data: { customerId: string; bhiBand: string; isLatest: boolean }[];
      pagination: { total: number };
    };
    const latest = await json<List>(await call("GET", "/v1/bhi", { key: t.key }));
    expect(latest.pagination.total).toBe(2);
    expect(latest.data.every((r) => r.isLatest)).toBe(true);
    // newest first: B was calculated last
    expect(latest.data.map((r) => r.customerId)).toEqual([b.customer.id, a.customer.id]);

    const all = await json<List>(await call("GET", "/v1/bhi?isLatest=false", { key: t.key }));
    expect(all.pagination.total).toBe(3);
    const poor = await json<List>(await call("GET", "/v1/bhi?bhiBand=poor", { key: t.key }));
    expect(poor.data.map((r) => r.customerId)).toEqual([b.customer.id]);
    expect((await call("GET", "/v1/bhi?bhiBand=great", { key: t.key })).status).toBe(400);

    const summary = await json<{ summary: Record<string, unknown> }>(
      await call("GET", "/v1/bhi/summary", { key: t.key }),
    );
    expect(summary.summary).toEqual({
      totalCustomers: 2,
      averageBhi: 72.5,
      byBand: { excellent: 1, good: 0, fair: 0, poor: 1, critical: 0 },
      byTrend: { improving: 0, stable: 1, declining: 1, volatile: 0 },
      alertCount: 6,
    });
  });

  it("summary of a tenant without records is all zeros", async () => {
    const t = await createTenant();
    const body = await json<{ summary: { totalCustomers: number; averageBhi: number } }>(
      await call("GET", "/v1/bhi/summary", { key: t.key }),
    );
    expect(body.summary).toMatchObject({ totalCustomers: 0, averageBhi: 0 });
  });
});
