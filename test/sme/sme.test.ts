import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { loadTenantContext } from "../../src/db/tenant-context";
import { jobHandlers } from "../../src/jobs/registry";
import { computeSnapshot } from "../../src/modules/sme/benchmarks/service";
import { call, createTenant, insertAccount, insertCustomer, insertTransactions, json } from "../harness";
import { calculateSme, getSme, type SmeBody, seedSteadySme, weekDate } from "./seed";

const ABSENT = "00000000-0000-4000-8000-000000000000";

describe("POST /v1/sme-health/calculate", () => {
  it("computes the hand-computed metrics, places the customer, writes a narrative and stores it", async () => {
    const t = await createTenant();
    const { customer } = await seedSteadySme(t);
    const res = await calculateSme(t, { customerId: customer.id, windowDays: 28 });
    expect(res.status).toBe(200);
    const body = await json<SmeBody>(res);
    expect(body).toMatchObject({
      success: true,
      customerId: customer.id,
      customerName: "Ama Foods Ltd",
      windowDays: 28,
      source: "calculated",
      calculationVersion: "1.1.0",
    });
    expect(body.health.metrics).toEqual({
      stabilityIndex: 100,
      growthTrend: "stable",
      growthRatePercent: 0,
      diversificationIndex: 55.56,
      seasonalityScore: 100,
      cashFlowHealth: 100,
      activityIndex: 25,
    });
    expect(body.health.overallScore).toBe(74.58);
    expect(body.health.overallTrend).toBe("stable");
    expect(body.health.confidenceScore).toBe(0.76);
    expect(body.health.evidence).toHaveLength(6);
    expect(body.cohort?.cohort.cohortId).toBe("t1-v1");
    // Alone in the tenant: too few peers to rank.
    expect(body.cohort).toMatchObject({ overallPercentile: null, performanceLabel: "insufficient_peers" });
    expect(body.narrative?.executiveSummary).toContain("74.58/100");
    expect(body.disclaimer).toMatch(/not a credit score/);
    expect(body.narrative?.disclaimer).toBe(body.disclaimer);

    const stored = await systemShardDb(env, t.shard).all<{
      id: string;
      overall_score: number;
      window_days: number;
    }>(sql`SELECT id, overall_score, window_days FROM sme_assessments WHERE tenant_id = ${t.id}`);
    expect(stored).toEqual([{ id: body.assessmentId, overall_score: 74.58, window_days: 28 }]);
  });

  it("defaults to 90 days and leaves out cohort and narrative when asked", async () => {
    const t = await createTenant();
    const { customer } = await seedSteadySme(t);
    const body = await json<SmeBody>(
      await calculateSme(t, { customerId: customer.id, includeCohort: false, includeNarrative: false }),
    );
    expect(body.windowDays).toBe(90);
    expect(body.cohort).toBeNull();
    expect(body.narrative).toBeNull();
    expect(body.disclaimer).toBeTruthy();
  });

  it.each([
    ["windowDays below 7", { windowDays: 6 }, "windowDays"],
    ["windowDays above 365", { windowDays: 366 }, "windowDays"],
    ["fractional windowDays", { windowDays: 30.5 }, "windowDays"],
    ["a non-boolean includeCohort", { includeCohort: "yes" }, "includeCohort"],
    ["an unknown field", { tenantId: ABSENT }, ""],
  ])("400 for %s", async (_, extra, path) => {
    const t = await createTenant();
    const res = await calculateSme(t, { customerId: ABSENT, ...extra });
    expect(res.status).toBe(400);
    const body = await json<{ error: { code: string; details: { path: string }[] } }>(res);
    expect(body.error.code).toBe("bad_request");
    if (path) expect(body.error.details.map((d) => d.path)).toContain(path);
  });

  it("400 without customerId, with a malformed one, or with malformed JSON", async () => {
    const t = await createTenant();
    expect((await calculateSme(t, {})).status).toBe(400);
    expect((await calculateSme(t, { customerId: "cus-1" })).status).toBe(400);
    expect((await calculateSme(t, "{not json")).status).toBe(400);
  });

  it("404 for an absent customer and for another tenant's customer; nothing stored", async () => {
    const t = await createTenant({ shard: 0 });
    const other = await createTenant({ shard: 1 });
    const { customer } = await seedSteadySme(other);
    expect((await calculateSme(t, { customerId: ABSENT })).status).toBe(404);
    expect((await calculateSme(t, { customerId: customer.id })).status).toBe(404);
    const rows = await systemShardDb(env, t.shard).all(
      sql`SELECT id FROM sme_assessments WHERE tenant_id = ${t.id}`,
    );
    expect(rows).toEqual([]);
  });

  it("keeps assessments append-only in the database", async () => {
    const t = await createTenant();
    const { customer } = await seedSteadySme(t);
    await calculateSme(t, { customerId: customer.id });
    const db = systemShardDb(env, t.shard);
    await expect(
      db.run(sql`UPDATE sme_assessments SET overall_score = 99 WHERE tenant_id = ${t.id}`),
    ).rejects.toThrow();
    await expect(db.run(sql`DELETE FROM sme_assessments WHERE tenant_id = ${t.id}`)).rejects.toThrow();
  });
});

describe("GET /v1/sme-health/{customerId}", () => {
  it("computes from current data when nothing is stored, and stores nothing", async () => {
    const t = await createTenant();
    const { customer } = await seedSteadySme(t);
    const res = await getSme(t, customer.id, "?windowDays=28");
    expect(res.status).toBe(200);
    const body = await json<SmeBody>(res);
    expect(body).toMatchObject({ source: "computed", assessmentId: null, windowDays: 28 });
    expect(body.health.overallScore).toBe(74.58);
    const rows = await systemShardDb(env, t.shard).all(
      sql`SELECT id FROM sme_assessments WHERE tenant_id = ${t.id}`,
    );
    expect(rows).toEqual([]);
  });

  it("answers a customer without transactions with zero confidence rather than 404", async () => {
    const t = await createTenant();
    const customer = await insertCustomer(t, { name: "New Shop" });
    const body = await json<SmeBody>(await getSme(t, customer.id!));
    expect(body.source).toBe("computed");
    expect(body.health.confidenceScore).toBe(0);
    expect(body.health.metrics.activityIndex).toBe(0);
    expect(body.narrative?.keyInsights).toContain(
      "Little data in the window: read every score with caution.",
    );
  });

  it("is deterministic: the same data gives the same health, placement and narrative", async () => {
    const t = await createTenant();
    const { customer } = await seedSteadySme(t);
    const a = await json<SmeBody>(await getSme(t, customer.id, "?windowDays=28"));
    const b = await json<SmeBody>(await getSme(t, customer.id, "?windowDays=28"));
    expect(b.health).toEqual(a.health);
    expect(b.cohort).toEqual(a.cohort);
    expect(b.narrative).toEqual(a.narrative);
  });

  it("serves the stored assessment for the same window while fresh, recomputes after new transactions", async () => {
    const t = await createTenant();
    const { customer, account } = await seedSteadySme(t);
    const posted = await json<SmeBody>(await calculateSme(t, { customerId: customer.id, windowDays: 28 }));
    const stored = await json<SmeBody>(await getSme(t, customer.id, "?windowDays=28"));
    expect(stored).toMatchObject({
      source: "stored",
      assessmentId: posted.assessmentId,
      evaluatedAt: posted.evaluatedAt,
    });
    expect(stored.health).toEqual(posted.health);
    expect(stored.benchmarkSnapshotId).toBe(posted.benchmarkSnapshotId);
    expect(posted.benchmarkSnapshotId).toMatch(/^[0-9a-f-]{36}$/);
    // Another window is another assessment: computed.
    expect((await json<SmeBody>(await getSme(t, customer.id, "?windowDays=30"))).source).toBe("computed");
    // A new transaction makes the stored one stale.
    await new Promise((r) => setTimeout(r, 5));
    await insertTransactions(t, account, [
      { type: "credit", amountMinor: 400_000, transactionDate: weekDate(0), counterpartyName: "Payer C" },
    ]);
    const fresh = await json<SmeBody>(await getSme(t, customer.id, "?windowDays=28"));
    expect(fresh.source).toBe("computed");
    expect(fresh.health.overallScore).not.toBe(posted.health.overallScore);
  });

  it.each(["6", "366", "abc", "30.5"])("400 for windowDays=%s", async (w) => {
    const t = await createTenant();
    const { customer } = await seedSteadySme(t);
    const res = await getSme(t, customer.id, `?windowDays=${w}`);
    expect(res.status).toBe(400);
  });

  it("404 for an absent customer and another tenant's customer, 400 for a malformed id", async () => {
    const t = await createTenant({ shard: 0 });
    const other = await createTenant({ shard: 1 });
    const { customer } = await seedSteadySme(other);
    expect((await getSme(t, ABSENT)).status).toBe(404);
    expect((await getSme(t, customer.id)).status).toBe(404);
    expect((await getSme(t, "not-a-uuid")).status).toBe(400);
  });
});

interface BenchBody {
  success: true;
  cohorts: Array<{
    cohortId: string;
    sampleSize: number;
    metrics: Record<string, Record<string, number>>;
    computedAt: string;
  }>;
  totalCount: number;
  snapshotId: string;
  windowDays: number;
  disclaimer: string;
}

describe("GET /v1/sme-health/benchmarks", () => {
  it("summarises the tenant's active customers per cohort, and placement ranks against them", async () => {
    const t = await createTenant({ shard: 0 });
    const other = await createTenant({ shard: 0 });
    const peers = [];
    for (let i = 0; i < 5; i++) peers.push((await seedSteadySme(t, `Peer ${i}`)).customer);
    await insertCustomer(t, { name: "No transactions" });
    await seedSteadySme(other, "Other tenant's customer");

    const res = await call("GET", "/v1/sme-health/benchmarks?windowDays=28", { key: t.key });
    expect(res.status).toBe(200);
    const body = await json<BenchBody>(res);
    expect(body.totalCount).toBe(10);
    expect(body.disclaimer).toBeTruthy();
    const all = body.cohorts.find((c) => c.cohortId === "all")!;
    const own = body.cohorts.find((c) => c.cohortId === "t1-v1")!;
    // Five identical active customers; the one without transactions and the other tenant's are out.
    expect(all.sampleSize).toBe(5);
    expect(own.sampleSize).toBe(5);
    expect(own.metrics.overallScore).toEqual({ p25: 74.58, p50: 74.58, p75: 74.58, mean: 74.58 });
    expect(own.metrics.diversificationIndex).toEqual({ p25: 55.56, p50: 55.56, p75: 55.56, mean: 55.56 });
    expect(body.cohorts.find((c) => c.cohortId === "t3-v3")).toMatchObject({ sampleSize: 0, metrics: {} });

    // The snapshot is reused while fresh.
    const again = await json<BenchBody>(
      await call("GET", "/v1/sme-health/benchmarks?windowDays=28", { key: t.key }),
    );
    expect(again.snapshotId).toBe(body.snapshotId);

    // Identical to every peer: the middle of the distribution, at benchmark on every metric.
    const placed = await json<SmeBody>(await calculateSme(t, { customerId: peers[0].id, windowDays: 28 }));
    expect(placed.cohort).toMatchObject({
      comparedAgainst: { cohortId: "t1-v1", sampleSize: 5 },
      overallPercentile: 50,
      performanceLabel: "average",
    });
    expect(placed.cohort?.benchmarkComparison.aboveBenchmark).toEqual([]);
    expect(placed.cohort?.benchmarkComparison.belowBenchmark).toEqual([]);
  });

  it("400 for a window out of range", async () => {
    const t = await createTenant();
    expect((await call("GET", "/v1/sme-health/benchmarks?windowDays=400", { key: t.key })).status).toBe(400);
  });

  it("the daily job stores a new snapshot that counts customers added since", async () => {
    const t = await createTenant();
    await seedSteadySme(t);
    const first = await json<BenchBody>(await call("GET", "/v1/sme-health/benchmarks", { key: t.key }));
    expect(first.cohorts.find((c) => c.cohortId === "all")!.sampleSize).toBe(1);
    await seedSteadySme(t, "Second");
    await jobHandlers["sme.benchmarks"](env, { type: "sme.benchmarks", tenantId: t.id, all: true });
    const next = await json<BenchBody>(await call("GET", "/v1/sme-health/benchmarks", { key: t.key }));
    expect(next.snapshotId).not.toBe(first.snapshotId);
    expect(next.cohorts.find((c) => c.cohortId === "all")!.sampleSize).toBe(2);
  });

  it("serves a stale snapshot at once (a refresh job runs in the background) rather than recomputing in the request", async () => {
    const t = await createTenant();
    await seedSteadySme(t);
    const old = new Date(Date.now() - 30 * 3_600_000).toISOString();
    const staleId = crypto.randomUUID();
    await systemShardDb(env, t.shard).run(sql`
      INSERT INTO sme_benchmark_snapshots (id, tenant_id, window_days, customer_count, cohorts, calculation_version, computed_at)
      VALUES (${staleId}, ${t.id}, 90, 0, '[]', '1.0.0', ${old})`);
    const body = await json<BenchBody>(await call("GET", "/v1/sme-health/benchmarks", { key: t.key }));
    expect(body.snapshotId).toBe(staleId);
    expect(body.cohorts).toEqual([]);
    // The job the request enqueued (run here directly) replaces it with a fresh one.
    await jobHandlers["sme.benchmarks"](env, { type: "sme.benchmarks", tenantId: t.id, windowDays: 90 });
    const next = await json<BenchBody>(await call("GET", "/v1/sme-health/benchmarks", { key: t.key }));
    expect(next.snapshotId).not.toBe(staleId);
    expect(next.cohorts.find((c) => c.cohortId === "all")!.sampleSize).toBe(1);
  });

  it("gives the same snapshot whatever the slice size (slices cover every customer exactly once)", async () => {
    const t = await createTenant();
    for (let i = 0; i < 5; i++) await seedSteadySme(t, `Peer ${i}`);
    const other = await insertCustomer(t, { name: "Bigger" });
    const account = await insertAccount(t, other.id!);
    await insertTransactions(t, { id: account.id!, customerId: other.id! }, [
      { type: "credit", amountMinor: 2_000_000, transactionDate: weekDate(1), counterpartyName: "Big payer" },
    ]);
    const ctx = await loadTenantContext(env, t.id, "test");
    const whole = await computeSnapshot(ctx, 28);
    for (const size of [1, 2, 4, 6]) {
      const sliced = await computeSnapshot(ctx, 28, size);
      expect(sliced.cohorts, `slice size ${size}`).toEqual(whole.cohorts);
    }
    expect(whole.customerCount).toBe(6);
    expect(whole.cohorts.find((c) => c.cohortId === "t1-v2")!.sampleSize).toBe(1);
  });
});
