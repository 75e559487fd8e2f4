import { describe, expect, it } from "vitest";
import { call, createKey, createTenant, insertAgent, json, type TestTenant } from "../harness";
import { daysAgo, get, STEADY, seedAgent } from "./helpers";

interface Report {
  agentId: string;
  ahiScore: number;
  ahiBand: string;
  windowDays: number;
  components: Array<{ componentId: string; score: number; available: boolean; rawValue: number | null }>;
  flags: Array<{ type: string; severity: string; suggestedAction: string }>;
  evidence: Array<{ metric: string; value: number }>;
  peerComparison: null | {
    ranking: Record<string, number>;
    performanceClass: string;
    benchmarkGroup: { groupId: string; sampleSize: number };
    strengths: string[];
    regional: null | { benchmarkGroup: { groupId: string }; ranking: Record<string, number> };
  };
  confidenceScore: number;
  missingDataPoints: string[];
  currency: string;
  region: string | null;
  servesRegions: string[];
  isDiagnosticOnly: boolean;
  disclaimer: string;
}
const report = async (res: Response) => (await json<{ report: Report }>(res)).report;
const component = (r: Report, id: string) => r.components.find((c) => c.componentId === id)!;
const evidence = (r: Report, metric: string) => r.evidence.find((e) => e.metric === metric)?.value;

const agentNetwork = () => createTenant({ features: { agentNetwork: true } });

const VALID_BODY = {
  agentId: "AGT-X",
  agentCode: "AC-X",
  agentTier: "standard",
  agentStatus: "active",
  floatBalance: 5000,
  floatLimit: 10000,
};

describe("feature gate", () => {
  it("answers 501 not_implemented on every operation when agentNetwork is off", async () => {
    const t = await createTenant();
    const agent = await insertAgent(t);
    const requests: Array<[string, string, unknown?]> = [
      ["GET", `/v1/agent-health/${agent.agentId}`],
      ["POST", "/v1/agent-health/calculate", VALID_BODY],
      ["GET", "/v1/agent-health/benchmarks"],
      ["GET", "/v1/agent-health/portfolio/summary"],
      ["POST", "/v1/agent-health/portfolio/refresh"],
    ];
    for (const [method, path, body] of requests) {
      const res = await call(method, path, { key: t.key, body });
      expect(res.status, `${method} ${path}`).toBe(501);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("not_implemented");
    }
  });
});

describe("GET /v1/agent-health/{agentId}", () => {
  it("computes the AHI from stored transactions (hand-computed 86.67)", async () => {
    const t = await agentNetwork();
    const agent = await seedAgent(t, { agentId: "AGT-1", floatBalanceMinor: 100_000 }, STEADY);
    const res = await get(t, `/v1/agent-health/${agent.agentId}`);
    expect(res.status).toBe(200);
    const r = await report(res);
    // trends +100 % -> 100, 100; float 0.10 -> 33.33; cash 0.5 -> 100; recency 1 day -> 100;
    // tenure 26 months -> 100: 20 + 20 + 6.667 + 15 + 15 + 10 = 86.67
    expect(r.ahiScore).toBe(86.67);
    expect(r.ahiBand).toBe("excellent");
    expect(evidence(r, "transaction_count")).toBe(8); // the failed one is left out
    expect(evidence(r, "transaction_volume")).toBe(800);
    expect(component(r, "cash_balance").rawValue).toBe(0.5);
    expect(component(r, "float_utilization").score).toBe(33.33);
    expect(r.flags.map((f) => `${f.type}:${f.severity}`)).toEqual(["float_depletion:warning"]);
    expect(r.isDiagnosticOnly).toBe(true);
    expect(r.disclaimer).toMatch(/never suspends/);
    // every data point came from the store; the only agent of the tenant has no peers
    expect(r.missingDataPoints).toEqual(["peerBenchmarks"]);
    expect(r.peerComparison).toBeNull();
    expect(r.confidenceScore).toBe(1);
  });

  it("without a category, a debit of the float is a cash-in and a credit a cash-out", async () => {
    const t = await agentNetwork();
    const agent = await seedAgent(t, { agentId: "AGT-NOCAT" }, [
      ...[1, 2, 3].map((d) => ({ daysAgo: d, cashIn: true, category: null })),
      { daysAgo: 4, cashIn: false, category: null },
    ]);
    const r = await report(await get(t, `/v1/agent-health/${agent.agentId}`));
    expect(component(r, "cash_balance").rawValue).toBe(0.75);
    expect(r.flags.map((f) => f.type)).not.toContain("cash_imbalance"); // 75 % is within 20..80 %
  });

  it("honours windowDays (7: the last 7 days against the 7 before)", async () => {
    const t = await agentNetwork();
    const agent = await seedAgent(t, { agentId: "AGT-7" }, STEADY);
    const r = await report(await get(t, `/v1/agent-health/${agent.agentId}?windowDays=7`));
    expect(r.windowDays).toBe(7);
    expect(evidence(r, "transaction_count")).toBe(4); // days 2, 3, 5, 6
    expect(component(r, "activity_trend").rawValue).toBe(100); // 4 vs 2 (days 10, 12)
  });

  it("an agent without transactions is flagged, not scored on float alone", async () => {
    const t = await agentNetwork();
    const agent = await seedAgent(t, { agentId: "AGT-IDLE", floatBalanceMinor: 500_000 });
    const r = await report(await get(t, `/v1/agent-health/${agent.agentId}?includePeerComparison=false`));
    // activity 0, volume 0, float 100, recency 0 (60 idle days), tenure 100; cash unavailable:
    // (0 + 0 + 20 + 0 + 10) / 0.85 = 35.29
    expect(r.ahiScore).toBe(35.29);
    expect(r.flags[0]).toMatchObject({ type: "no_activity", severity: "critical" });
    expect(r.peerComparison).toBeNull();
  });

  it("400 for windowDays outside 7..90 and a bad includePeerComparison", async () => {
    const t = await agentNetwork();
    const agent = await seedAgent(t, {});
    for (const q of ["windowDays=6", "windowDays=91", "windowDays=abc", "includePeerComparison=maybe"]) {
      const res = await get(t, `/v1/agent-health/${agent.agentId}?${q}`);
      expect(res.status, q).toBe(400);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("bad_request");
    }
  });

  it("404 for an unknown agent and for another tenant's agent", async () => {
    const t = await agentNetwork();
    const other = await agentNetwork();
    const foreign = await seedAgent(other, { agentId: "AGT-OTHER" }, STEADY);
    expect((await get(t, "/v1/agent-health/NOPE")).status).toBe(404);
    expect((await get(t, `/v1/agent-health/${foreign.agentId}`)).status).toBe(404);
    expect((await get(other, `/v1/agent-health/${foreign.agentId}`)).status).toBe(200);
  });
});

describe("POST /v1/agent-health/calculate", () => {
  it("scores provided data (hand-computed 96) with agents:read, and stores nothing", async () => {
    const t = await agentNetwork();
    const key = await createKey(t.id, ["agents:read"]);
    const res = await call("POST", "/v1/agent-health/calculate", {
      key: key.key,
      body: {
        ...VALID_BODY,
        transactionCount30d: 120,
        previousPeriodCount: 100,
        transactionVolume30d: 60000,
        previousPeriodVolume: 60000,
        cashInVolume30d: 30000,
        cashOutVolume30d: 30000,
        lastTransactionAt: daysAgo(0.5),
        activatedAt: daysAgo(731),
      },
    });
    expect(res.status).toBe(200);
    const r = await report(res);
    expect(r.ahiScore).toBe(96); // 100*.2 + 80*.2 + 100*.2 + 100*.15 + 100*.15 + 100*.1
    expect(r.ahiBand).toBe("excellent");
    expect(r.agentId).toBe("AGT-X");
    expect(r.missingDataPoints).toEqual([
      "transactionCount7d",
      "cashInCount30d",
      "cashOutCount30d",
      "transactionVolume7d",
      "peerBenchmarks",
    ]);
    const summary = await json<{ total: number }>(await get(t, "/v1/agent-health/portfolio/summary"));
    expect(summary.total).toBe(0);
  });

  it("400 with one detail per bad field", async () => {
    const t = await agentNetwork();
    const bad = [
      [{ ...VALID_BODY, floatBalance: -1 }, "floatBalance"],
      [{ ...VALID_BODY, floatLimit: -5 }, "floatLimit"],
      [{ ...VALID_BODY, agentTier: "gold" }, "agentTier"],
      [{ ...VALID_BODY, agentStatus: "closed" }, "agentStatus"],
      [{ ...VALID_BODY, agentType: "robot" }, "agentType"],
      [{ ...VALID_BODY, transactionCount30d: 1.5 }, "transactionCount30d"],
      [{ ...VALID_BODY, cashInVolume30d: -3 }, "cashInVolume30d"],
      [{ ...VALID_BODY, lastTransactionAt: "yesterday" }, "lastTransactionAt"],
      [{ ...VALID_BODY, transactionCount30d: 3, transactionCount7d: 4 }, "transactionCount7d"],
      // Finite caps (1e12 for money, 1e9 for counts): 1e308 used to answer 200 "Infinity moved".
      [{ ...VALID_BODY, transactionVolume30d: 1e308 }, "transactionVolume30d"],
      [{ ...VALID_BODY, floatBalance: 1e12 + 1 }, "floatBalance"],
      [{ ...VALID_BODY, previousPeriodCount: 1e9 + 1 }, "previousPeriodCount"],
      [{ ...VALID_BODY, currency: "ghs" }, "currency"],
      [{ ...VALID_BODY, servesRegions: [""] }, "servesRegions.0"],
      [
        { agentCode: "AC", agentTier: "basic", agentStatus: "active", floatBalance: 1, floatLimit: 1 },
        "agentId",
      ],
    ] as const;
    for (const [body, field] of bad) {
      const res = await call("POST", "/v1/agent-health/calculate", { key: t.key, body });
      expect(res.status, field).toBe(400);
      const err = (await json<{ error: { details: Array<{ path: string }> } }>(res)).error;
      expect(err.details.map((d) => d.path)).toEqual([field]);
    }
  });
});

describe("POST /v1/agent-health/calculate: currency and servesRegions", () => {
  const FIGURES = { ...VALID_BODY, transactionCount30d: 30, transactionVolume30d: 1000 };

  it("accepts the caps themselves (1e12 money, 1e9 counts) with finite numbers throughout", async () => {
    const t = await agentNetwork();
    const res = await call("POST", "/v1/agent-health/calculate", {
      key: t.key,
      body: { ...VALID_BODY, floatLimit: 1e12, transactionVolume30d: 1e12, transactionCount30d: 1e9 },
    });
    expect(res.status).toBe(200);
    const r = await report(res);
    expect(evidence(r, "transaction_volume")).toBe(1e12);
    expect(evidence(r, "transaction_count")).toBe(1e9);
  });

  it("compares with the tenant's agents only when the figures are in the tenant's currency", async () => {
    const t = await agentNetwork(); // currency GHS by default
    await seedAgent(t, { agentId: "PEER", agentCode: "AC-PEER" }, STEADY);
    const inTenantCurrency = await report(
      await call("POST", "/v1/agent-health/calculate", { key: t.key, body: FIGURES }),
    );
    expect(inTenantCurrency.currency).toBe("GHS");
    expect(inTenantCurrency.peerComparison?.benchmarkGroup.groupId).toBe("tier:standard");
    expect(inTenantCurrency.missingDataPoints).not.toContain("peerBenchmarks");

    const inNaira = await report(
      await call("POST", "/v1/agent-health/calculate", { key: t.key, body: { ...FIGURES, currency: "NGN" } }),
    );
    expect(inNaira.currency).toBe("NGN");
    expect(inNaira.peerComparison).toBeNull();
    expect(inNaira.missingDataPoints).toContain("peerBenchmarks");
    // Everything else is the same computation.
    expect(inNaira.ahiScore).toBe(inTenantCurrency.ahiScore);
  });

  it("defaults the currency to the tenant's own", async () => {
    const t = await createTenant({ features: { agentNetwork: true }, settings: { currency: "NGN" } });
    await seedAgent(t, { agentId: "PEER", agentCode: "AC-PEER", currency: "NGN" }, STEADY);
    const r = await report(await call("POST", "/v1/agent-health/calculate", { key: t.key, body: FIGURES }));
    expect(r.currency).toBe("NGN");
    expect(r.peerComparison).not.toBeNull();
  });

  it("returns servesRegions in the report (given, or the stored agent's)", async () => {
    const t = await agentNetwork();
    const given = await report(
      await call("POST", "/v1/agent-health/calculate", {
        key: t.key,
        body: { ...FIGURES, region: "Greater Accra", servesRegions: ["Volta", "Eastern"] },
      }),
    );
    expect(given.servesRegions).toEqual(["Volta", "Eastern"]);
    expect(given.region).toBe("Greater Accra");
    const none = await report(
      await call("POST", "/v1/agent-health/calculate", { key: t.key, body: FIGURES }),
    );
    expect(none.servesRegions).toEqual([]);

    const stored = await insertAgent(t, { servesRegions: ["Ashanti"] });
    const read = await report(await get(t, `/v1/agent-health/${stored.agentId}?includePeerComparison=false`));
    expect(read.servesRegions).toEqual(["Ashanti"]);
    expect(read.currency).toBe("GHS");
  });
});

/**
 * Four agents, hand-computed 30-day AHI:
 * A standard / Greater Accra, float 0.10, STEADY: 86.67 (no critical flag)
 * C premium / Greater Accra, float 0.02, STEADY: 20 + 20 + 1.33 + 15 + 15 + 10 = 81.33 (float critical)
 * D standard / Northern, suspended, float 0.5, 2 cash-outs (days 3, 4) vs 4 before:
 *   trends -50 % -> 25, 25; cash share 0 -> 0; recency 3 days -> 85; 5 + 5 + 20 + 0 + 12.75 + 10 = 52.75
 * B basic / Ashanti, float 0.5, no transactions: 35.29 (no_activity critical)
 */
async function portfolio(t: TestTenant) {
  await seedAgent(t, { agentId: "A", agentCode: "AC-A", floatBalanceMinor: 100_000 }, STEADY);
  await seedAgent(
    t,
    { agentId: "B", agentCode: "AC-B", agentTier: "basic", region: "Ashanti", floatBalanceMinor: 500_000 },
    [],
  );
  await seedAgent(
    t,
    { agentId: "C", agentCode: "AC-C", agentTier: "premium", floatBalanceMinor: 20_000 },
    STEADY,
  );
  await seedAgent(
    t,
    {
      agentId: "D",
      agentCode: "AC-D",
      region: "Northern",
      agentStatus: "suspended",
      floatBalanceMinor: 500_000,
    },
    [
      ...[3, 4].map((d) => ({ daysAgo: d, cashIn: false })),
      ...[35, 40, 45, 50].map((d) => ({ daysAgo: d, cashIn: false })),
    ],
  );
}

interface Summary {
  agents: Array<{ agentId: string; ahiScore: number; criticalFlagCount: number; floatBalance: string }>;
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
  disclaimer: string;
}
const summary = async (t: TestTenant, query = "") =>
  json<Summary>(await get(t, `/v1/agent-health/portfolio/summary${query}`));
const ids = (s: Summary) => s.agents.map((a) => a.agentId);

describe("portfolio summary, benchmarks and peers", () => {
  it("filters, sorts and pages the latest snapshots", async () => {
    const t = await agentNetwork();
    await portfolio(t);
    const all = await summary(t);
    expect(all.total).toBe(4);
    expect(all.agents.map((a) => [a.agentId, a.ahiScore])).toEqual([
      ["A", 86.67],
      ["C", 81.33],
      ["D", 52.75],
      ["B", 35.29],
    ]);
    expect(all.disclaimer).toBeTruthy();
    expect(ids(await summary(t, "?tier=standard"))).toEqual(["A", "D"]);
    expect(ids(await summary(t, "?region=Greater%20Accra"))).toEqual(["A", "C"]);
    expect(ids(await summary(t, "?status=suspended"))).toEqual(["D"]);
    expect(ids(await summary(t, "?hasCriticalFlags=true"))).toEqual(["C", "B"]);
    expect(ids(await summary(t, "?hasCriticalFlags=false"))).toEqual(["A", "D"]);
    expect(ids(await summary(t, "?minAHI=50&maxAHI=85"))).toEqual(["C", "D"]);
    expect(ids(await summary(t, "?sortBy=agentCode&sortOrder=asc"))).toEqual(["A", "B", "C", "D"]);
    // B and D hold the same float: the tie is ordered by agentId
    expect(ids(await summary(t, "?sortBy=floatBalance&sortOrder=asc"))).toEqual(["C", "A", "B", "D"]);
    expect(ids(await summary(t, "?sortBy=transactionVolume&sortOrder=asc"))).toEqual(["B", "D", "A", "C"]);
    const page1 = await summary(t, "?limit=2");
    const page2 = await summary(t, "?limit=2&offset=2");
    expect([ids(page1), page1.hasMore, ids(page2), page2.hasMore]).toEqual([
      ["A", "C"],
      true,
      ["D", "B"],
      false,
    ]);
    expect(page2).toMatchObject({ total: 4, limit: 2, offset: 2 });
  });

  it("400 on bad filters and sorts", async () => {
    const t = await agentNetwork();
    for (const q of [
      "sortBy=name",
      "sortOrder=up",
      "tier=gold",
      "status=closed",
      "minAHI=101",
      "maxAHI=-1",
      "minAHI=60&maxAHI=40",
      "hasCriticalFlags=yes",
      "limit=501",
    ]) {
      expect((await get(t, `/v1/agent-health/portfolio/summary?${q}`)).status, q).toBe(400);
    }
  });

  it("benchmarks per tier and region, and the agent's ranking among its peers", async () => {
    const t = await agentNetwork();
    await portfolio(t);
    const res = await get(t, "/v1/agent-health/benchmarks");
    expect(res.status).toBe(200);
    const { benchmarks } = await json<{
      benchmarks: {
        tierBenchmarks: Record<
          string,
          { sampleSize: number; metrics: Record<string, number>; percentiles: object }
        >;
        regionalBenchmarks: Record<string, { sampleSize: number }>;
      };
    }>(res);
    expect(Object.keys(benchmarks.tierBenchmarks)).toEqual(["basic", "premium", "standard"]);
    expect(benchmarks.tierBenchmarks.standard.sampleSize).toBe(2);
    expect(benchmarks.tierBenchmarks.standard.metrics).toMatchObject({
      avgAHIScore: 69.71, // (86.67 + 52.75) / 2
      avgTransactionCount30d: 5, // (8 + 2) / 2
      avgFloatUtilization: 0.3, // (0.10 + 0.50) / 2
    });
    expect(benchmarks.tierBenchmarks.standard.percentiles).toEqual({ p25: 52.75, p50: 52.75, p75: 86.67 });
    expect(benchmarks.regionalBenchmarks["Greater Accra"].sampleSize).toBe(2);

    const r = await report(await get(t, "/v1/agent-health/A"));
    expect(r.peerComparison).toMatchObject({
      performanceClass: "top_performer",
      benchmarkGroup: { groupId: "tier:standard", sampleSize: 2 },
      ranking: { overallHealth: 100, transactionCount: 100 },
      regional: { benchmarkGroup: { groupId: "region:Greater Accra" }, ranking: { overallHealth: 100 } },
    });
    expect(r.peerComparison!.strengths).toContain("Overall health above 100% of standard-tier peers");
  });

  it("refresh recomputes the snapshots from new data", async () => {
    const t = await agentNetwork();
    await seedAgent(t, { agentId: "R1" });
    const before = await summary(t);
    expect(before.agents[0]).toMatchObject({ agentId: "R1", ahiScore: 35.29 });
    const key = await createKey(t.id, ["agents:read"]);
    expect((await call("POST", "/v1/agent-health/portfolio/refresh", { key: key.key })).status).toBe(403);
    await seedAgent(t, { agentId: "R2" }, STEADY);
    const res = await call("POST", "/v1/agent-health/portfolio/refresh", { key: t.key });
    expect(res.status).toBe(200);
    expect((await json<{ refreshed: number }>(res)).refreshed).toBe(2);
    expect(ids(await summary(t))).toEqual(["R2", "R1"]);
  });
});
