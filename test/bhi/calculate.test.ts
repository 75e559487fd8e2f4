import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bhiLatest, bhiRecords } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { ITEMS_PER_PART } from "../../src/lib/json-parts";
import { call, createTenant, insertCustomer, json } from "../harness";
import { calculate, outboxOf, seedHealthyCustomer, worsen } from "./seed";

interface Result {
  customerId: string;
  bhi: null | (Record<string, unknown> & { bhiOverall: string; reasons?: { contribution: number }[] });
  alerts: { type: string }[];
  isSignificantChange: boolean;
  persisted: boolean;
  error?: { code: string };
}
interface CalcBody {
  results: Result[];
  summary: {
    total: number;
    successful: number;
    failed: number;
    byBand: Record<string, number>;
    alertCount: number;
  };
}

describe("POST /v1/bhi/calculate-from-db", () => {
  it("scores one customer, stores the record and its bhi.calculated event together", async () => {
    const t = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    const res = await calculate(t, { customerId: customer.id });
    expect(res.status).toBe(200);
    const body = await json<CalcBody>(res);
    expect(body.summary).toEqual({
      total: 1,
      successful: 1,
      failed: 0,
      byBand: { excellent: 1, good: 0, fair: 0, poor: 0, critical: 0 },
      alertCount: 0,
    });
    const [result] = body.results;
    expect(result.persisted).toBe(true);
    expect(result.bhi).toMatchObject({
      customerId: customer.id,
      bhiOverall: "100.00",
      bhiBand: "excellent",
      liquidityScore: "100.00",
      expenseRatioScore: "100.00",
      trend: "stable",
      previousBhi: null,
      isLatest: true,
      calculationVersion: "1.1.0",
      componentWeights: {
        liquidity: 0.25,
        volatility: 0.2,
        revenueStability: 0.2,
        expenseRatio: 0.2,
        paymentBehavior: 0.15,
      },
    });
    expect(result.bhi!.reasons!.reduce((s, r) => s + r.contribution, 0)).toBe(100);

    const outbox = await outboxOf(t);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      type: "bhi.calculated",
      dispatchedAt: null,
      data: { customerId: customer.id, bhiOverall: 100, bhiBand: "excellent", trend: "stable", alerts: [] },
    });

    const got = await json<{ bhi: { id: string } }>(
      await call("GET", `/v1/bhi/${customer.id}`, { key: t.key }),
    );
    expect(got.bhi.id).toBe(result.bhi!.id);
  });

  it("moves isLatest, appends history, raises customer.risk_alert on the crossing only", async () => {
    const t = await createTenant({ settings: { riskAlertThreshold: 50 } });
    const { customer, account } = await seedHealthyCustomer(t);
    await calculate(t, { customerId: customer.id });
    await worsen(t, { id: account.id!, customerId: customer.id! });
    const second = (await json<CalcBody>(await calculate(t, { customerId: customer.id }))).results[0];
    expect(second.bhi).toMatchObject({
      bhiOverall: "45.00",
      bhiBand: "poor",
      previousBhi: "100.00",
      bhiChangePercent: "-55.00",
      trend: "declining",
    });
    expect(second.isSignificantChange).toBe(true);
    expect(second.alerts.map((a) => a.type)).toEqual([
      "expenses_exceed_income",
      "cash_flow_volatility",
      "failed_payments",
      "overdraft",
      "bhi_drop",
      "below_risk_threshold",
    ]);
    await calculate(t, { customerId: customer.id }); // still below: no second risk alert

    const db = systemShardDb(env, t.shard);
    const rows = await db
      .select()
      .from(bhiRecords)
      .where(and(eq(bhiRecords.tenantId, t.id), eq(bhiRecords.customerId, customer.id!)))
      .all();
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2, 3]);
    // The pointer moved with each append and names the newest record; no record was rewritten.
    const pointer = await db
      .select()
      .from(bhiLatest)
      .where(and(eq(bhiLatest.tenantId, t.id), eq(bhiLatest.customerId, customer.id!)))
      .all();
    expect(pointer).toEqual([
      expect.objectContaining({
        version: 3,
        recordId: rows.find((r) => r.version === 3)!.id,
        bhiOverall: 45,
      }),
    ]);
    const listed = await json<{ data: { version?: number; isLatest: boolean; id: string }[] }>(
      await call("GET", `/v1/bhi?customerId=${customer.id}&isLatest=false`, { key: t.key }),
    );
    expect(listed.data.map((r) => [r.id, r.isLatest])).toEqual(
      expect.arrayContaining(rows.map((r) => [r.id, r.version === 3])),
    );
    expect(listed.data).toHaveLength(3);
    const outbox = await outboxOf(t);
    expect(outbox.filter((e) => e.type === "bhi.calculated")).toHaveLength(3);
    const risk = outbox.filter((e) => e.type === "customer.risk_alert");
    expect(risk.map((e) => e.data)).toEqual([
      { customerId: customer.id, bhiOverall: 45, previousBhi: 100, threshold: 50, bhiBand: "poor" },
    ]);

    const history = await json<{ history: { bhiOverall: string }[]; pagination: { total: number } }>(
      await call("GET", `/v1/bhi/${customer.id}/history?limit=2`, { key: t.key }),
    );
    expect(history.history.map((h) => h.bhiOverall)).toEqual(["45.00", "45.00"]);
    expect(history.pagination).toEqual({
      total: 3,
      limit: 2,
      offset: 2 - 2,
      hasMore: true,
      nextCursor: expect.any(String),
    });
    const older = await json<{ history: { bhiOverall: string }[] }>(
      await call("GET", `/v1/bhi/${customer.id}/history?offset=2`, { key: t.key }),
    );
    expect(older.history.map((h) => h.bhiOverall)).toEqual(["100.00"]);
  });

  it("normalises given weights and reports them", async () => {
    const t = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    const body = await json<CalcBody>(
      await calculate(t, { customerIds: [customer.id], weights: { liquidity: 3, volatility: 1 } }),
    );
    expect(body.results[0].bhi!.componentWeights).toEqual({
      liquidity: 0.75,
      volatility: 0.25,
      revenueStability: 0,
      expenseRatio: 0,
      paymentBehavior: 0,
    });
  });

  it.each([
    [{ liquidity: -1, volatility: 1 }, "weights.liquidity"],
    [{ liquidity: 0, volatility: 0 }, "weights"],
    [{ liquidity: "1" }, "weights.liquidity"],
    // 1e308 + 1e308 is Infinity: every normalised weight became 0. Capped at 1000 now.
    [{ liquidity: 1e308, volatility: 1 }, "weights.liquidity"],
    [{ liquidity: 1, paymentBehavior: 1000.5 }, "weights.paymentBehavior"],
  ])("refuses weights %j with 400", async (weights, path) => {
    const t = await createTenant();
    const res = await calculate(t, { weights });
    expect(res.status).toBe(400);
    const body = await json<{ error: { code: string; details: { path: string }[] } }>(res);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details.map((d) => d.path)).toContain(path);
  });

  it("reports per-customer failures without failing the run", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    const idle = await insertCustomer(t, { name: "Idle Ltd" });
    const foreign = await insertCustomer(other, { name: "Not yours" });
    const missing = crypto.randomUUID();
    const body = await json<CalcBody>(
      await calculate(t, { customerIds: [customer.id, idle.id, foreign.id, missing] }),
    );
    expect(body.summary).toMatchObject({ total: 4, successful: 1, failed: 3 });
    const byId = new Map(body.results.map((r) => [r.customerId, r]));
    expect(byId.get(customer.id!)!.persisted).toBe(true);
    expect(byId.get(idle.id!)!.error!.code).toBe("insufficient_data");
    expect(byId.get(foreign.id!)!.error!.code).toBe("not_found");
    expect(byId.get(missing)!.error!.code).toBe("not_found");
    expect((await outboxOf(other)).length).toBe(0);
  });

  it("answers a large run (serialised in parts) with the same JSON as one stringify", async () => {
    const t = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    const missing = Array.from({ length: ITEMS_PER_PART + 50 }, () => crypto.randomUUID());
    const res = await calculate(t, { customerIds: [customer.id!, ...missing] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const text = await res.clone().text();
    const body = await json<CalcBody>(res);
    expect(text).toBe(JSON.stringify(body));
    expect(body.summary).toMatchObject({ total: missing.length + 1, successful: 1, failed: missing.length });
    expect(body.results.map((r) => r.customerId).sort()).toEqual([customer.id!, ...missing].sort());
  });

  it("calculates every customer when none is named, without the per-customer detail", async () => {
    const t = await createTenant();
    await seedHealthyCustomer(t, "A Ltd");
    await seedHealthyCustomer(t, "B Ltd");
    await insertCustomer(t, { name: "Idle Ltd" });
    const res = await calculate(t, {});
    const body = await json<CalcBody>(res);
    expect(body.summary).toMatchObject({ total: 3, successful: 2, failed: 1 });
    const scored = body.results.filter((r) => r.persisted);
    expect(scored.every((r) => r.bhi && !("reasons" in r.bhi))).toBe(true);
    expect(Number(res.headers.get("x-d1-queries"))).toBeLessThanOrEqual(8);
  });
});
