import { describe, expect, it } from "vitest";
import { interpolate } from "./curve";
import { bandOf, calculateAhi, nonFiniteInputs } from "./score";
import type { AgentActivity } from "./types";

const now = new Date("2026-06-30T00:00:00.000Z");
const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const run = (activity: AgentActivity, status = "active", windowDays = 30) =>
  calculateAhi({ activity, status, windowDays, now });
const byId = (r: ReturnType<typeof run>) => Object.fromEntries(r.components.map((c) => [c.componentId, c]));

describe("calculateAhi", () => {
  it("a healthy agent: hand-computed 96 (excellent), no flags", () => {
    const r = run({
      floatBalance: 5000,
      floatLimit: 10000, // 0.5: in band -> 100
      transactionCount: 120,
      previousPeriodCount: 100, // +20 % -> 100
      transactionVolume: 60000,
      previousPeriodVolume: 60000, // 0 % -> 80
      cashInVolume: 30000,
      cashOutVolume: 30000, // share 0.5 -> 100
      lastTransactionAt: ago(0.5), // -> 100
      activatedAt: ago(730.5), // 24 months -> 100
    });
    // 100*.2 + 80*.2 + 100*.2 + 100*.15 + 100*.15 + 100*.1 = 96
    expect(r.ahiScore).toBe(96);
    expect(r.ahiBand).toBe("excellent");
    expect(r.flags).toEqual([]);
    expect(r.confidenceScore).toBe(1);
    expect(r.floatUtilization).toBe(0.5);
    expect(r.missingDataPoints).toEqual([
      "transactionCount7d",
      "cashInCount30d",
      "cashOutCount30d",
      "transactionVolume7d",
    ]);
    const c = byId(r);
    expect(c.volume_trend).toMatchObject({ score: 80, rawValue: 0, available: true, weight: 0.2 });
    expect(c.activity_trend).toMatchObject({ score: 100, rawValue: 20 });
    expect(c.tenure).toMatchObject({ score: 100, rawValue: 24 });
  });

  it("a stressed agent: weights renormalised without tenure, hand-computed 24.47 (critical)", () => {
    const r = run({
      floatBalance: 400,
      floatLimit: 10000, // 0.04 -> 0.04/0.3*100 = 13.333
      transactionCount: 40,
      previousPeriodCount: 100, // -60 % -> 25*(40/50) = 20
      transactionVolume: 20000,
      previousPeriodVolume: 50000, // -60 % -> 20
      cashInVolume: 18000,
      cashOutVolume: 2000, // 0.9 -> 100*0.1/0.35 = 28.571
      lastTransactionAt: ago(10), // 60 - 30*3/7 = 47.143
    });
    // (20*.2 + 20*.2 + 13.333*.2 + 28.571*.15 + 47.143*.15) / 0.9 = 22.0238 / 0.9 = 24.4709
    expect(r.ahiScore).toBe(24.47);
    expect(r.ahiBand).toBe("critical");
    expect(r.confidenceScore).toBe(0.9);
    const c = byId(r);
    expect(c.tenure.available).toBe(false);
    expect(c.float_utilization.score).toBe(13.33);
    expect(c.cash_balance.score).toBe(28.57);
    expect(c.recency.score).toBe(47.14);
    expect(r.flags.map((f) => [f.type, f.severity])).toEqual([
      ["float_depletion", "critical"],
      ["volume_drop", "critical"],
      ["activity_drop", "critical"],
      ["dormancy", "warning"],
      ["cash_imbalance", "warning"],
    ]);
    const dormancy = r.flags.find((f) => f.type === "dormancy")!;
    expect(dormancy).toMatchObject({ daysSinceActivity: 10, threshold: 7 });
    expect(dormancy.suggestedAction).toMatch(/do not suspend/);
    expect(r.flags.find((f) => f.type === "volume_drop")).toMatchObject({
      percentageValue: -60,
      threshold: -60,
    });
    expect(r.missingDataPoints).toContain("activatedAt");
  });

  it("only a zero float limit: nothing available, score 0, confidence 0, everything missing", () => {
    const r = run({ floatBalance: 0, floatLimit: 0 });
    expect(r.ahiScore).toBe(0);
    expect(r.ahiBand).toBe("critical");
    expect(r.confidenceScore).toBe(0);
    expect(r.components.every((c) => !c.available)).toBe(true);
    expect(r.missingDataPoints).toHaveLength(12);
    expect(r.floatUtilization).toBeNull();
  });

  it("never transacted in two windows: no_activity (critical), recency 0, trend 0", () => {
    const r = run(
      { floatBalance: 500, floatLimit: 1000, transactionCount: 0, previousPeriodCount: 0 },
      "inactive",
    );
    const c = byId(r);
    expect(c.recency).toMatchObject({ available: true, score: 0, rawValue: 60 });
    expect(c.activity_trend).toMatchObject({ available: true, score: 0 });
    expect(r.flags[0]).toMatchObject({ type: "no_activity", severity: "critical", daysSinceActivity: 60 });
    expect(r.flags.at(-1)).toMatchObject({ type: "status_not_active", severity: "info" });
    // small sample: confidence reduced by a quarter; weights used .2 + .2 + .15 = .55
    expect(r.confidenceScore).toBe(0.41);
  });

  it("recent slowdown: 7-day pace under half the window's pace", () => {
    const r = run({
      floatBalance: 500,
      floatLimit: 1000,
      transactionCount: 60,
      transactionCount7d: 4, // (4/7) / (60/30) = 0.2857
      lastTransactionAt: ago(1),
      activatedAt: ago(30),
    });
    expect(r.flags.map((f) => f.type)).toEqual(["recent_slowdown", "new_agent"]);
    expect(r.flags[0]).toMatchObject({ severity: "warning", percentageValue: 28.57, threshold: 50 });
  });

  it("float bands: excess above 95 %, depletion below 15 %", () => {
    const types = (balance: number) =>
      run({ floatBalance: balance, floatLimit: 100 }).flags.map((f) => `${f.type}:${f.severity}`);
    expect(types(96)).toEqual(["float_excess:info"]);
    expect(types(120)).toEqual(["float_excess:warning"]);
    expect(types(10)).toEqual(["float_depletion:warning"]);
    expect(types(50)).toEqual([]);
  });

  it("cash balance falls back to counts when volumes are missing", () => {
    const r = run({ floatBalance: 50, floatLimit: 100, cashInCount: 1, cashOutCount: 3 });
    // share 0.25 -> 100 * 0.25 / 0.35 = 71.43
    expect(byId(r).cash_balance).toMatchObject({ score: 71.43, rawValue: 0.25 });
    expect(byId(r).cash_balance.interpretation).toMatch(/by count/);
  });
});

describe("bands and curves", () => {
  it("uses the BHI band floors", () => {
    expect([80, 79.99, 65, 64.99, 50, 49.99, 35, 34.99].map(bandOf)).toEqual([
      "excellent",
      "good",
      "good",
      "fair",
      "fair",
      "poor",
      "poor",
      "critical",
    ]);
  });

  it("interpolates linearly and is flat outside the points", () => {
    const curve = [
      [0, 0],
      [10, 100],
    ] as const;
    expect(interpolate(curve, -5)).toBe(0);
    expect(interpolate(curve, 2.5)).toBe(25);
    expect(interpolate(curve, 50)).toBe(100);
  });
});

describe("finite numbers only", () => {
  const finiteEverywhere = (value: unknown): boolean =>
    typeof value === "number"
      ? Number.isFinite(value)
      : Array.isArray(value)
        ? value.every(finiteEverywhere)
        : value !== null && typeof value === "object"
          ? Object.values(value).every(finiteEverywhere)
          : true;

  it("refuses non-finite inputs, naming them, rather than reporting Infinity", () => {
    const activity = { floatBalance: 1, floatLimit: 2, transactionVolume: Infinity, cashInCount: Number.NaN };
    expect(nonFiniteInputs(activity)).toEqual(["cashInCount", "transactionVolume"]);
    expect(() => run(activity)).toThrow(/cashInCount, transactionVolume/);
  });

  it("a finite but extreme ratio (float limit 5e-324) makes the component unavailable, never Infinity", () => {
    // 1e12 / 5e-324 overflows to Infinity in IEEE 754.
    expect(1e12 / 5e-324).toBe(Infinity);
    const r = run({ floatBalance: 1e12, floatLimit: 5e-324, transactionCount: 10, previousPeriodCount: 10 });
    expect(byId(r).float_utilization).toMatchObject({ available: false, rawValue: null });
    expect(r.floatUtilization).toBeNull();
    const excess = r.flags.find((f) => f.type === "float_excess");
    expect(excess?.percentageValue).toBeNull();
    expect(finiteEverywhere(r)).toBe(true);
  });
});
