import { describe, expect, it } from "vitest";
import { activityFromStore, boundsFor } from "./inputs";
import type { ActivityRow } from "./types";

const now = new Date("2026-06-30T00:00:00.000Z");
const b = boundsFor(now, 30);
const row: ActivityRow = {
  agent_id: "A",
  n_cur: 8,
  n_7: 3,
  n_prev: 4,
  v_cur: 80_000,
  v_7: 30_000,
  v_prev: 40_000,
  in_n: 5,
  out_n: 3,
  in_v: 50_000,
  out_v: 30_000,
};
const agent = {
  floatBalanceMinor: 123_456,
  floatLimitMinor: 1_000_000,
  activatedAt: "2025-01-01T00:00:00.000Z",
  createdAt: "2024-12-01T00:00:00.000Z",
  lastTransactionAt: null,
};

describe("activityFromStore", () => {
  it("converts minor units and keeps every figure of an established agent", () => {
    expect(activityFromStore(agent, row, "2026-06-29T10:00:00.000Z", b)).toEqual({
      floatBalance: 1234.56,
      floatLimit: 10000,
      transactionCount: 8,
      transactionCount7d: 3,
      previousPeriodCount: 4,
      previousPeriodVolume: 400,
      cashInCount: 5,
      cashOutCount: 3,
      transactionVolume: 800,
      transactionVolume7d: 300,
      cashInVolume: 500,
      cashOutVolume: 300,
      lastTransactionAt: "2026-06-29T10:00:00.000Z",
      activatedAt: "2025-01-01T00:00:00.000Z",
      createdAt: "2024-12-01T00:00:00.000Z",
    });
  });

  it("drops the previous period of an agent activated after its start", () => {
    const fresh = { ...agent, activatedAt: "2026-05-20T00:00:00.000Z" }; // previous period starts 2026-05-01
    const a = activityFromStore(fresh, row, null, b);
    expect(a.previousPeriodCount).toBeUndefined();
    expect(a.previousPeriodVolume).toBeUndefined();
  });

  it("takes the later of the stored and the recorded last transaction, never a future one", () => {
    const recorded = { ...agent, lastTransactionAt: "2026-06-29T12:00:00.000Z" };
    expect(activityFromStore(recorded, row, "2026-06-20T00:00:00.000Z", b).lastTransactionAt).toBe(
      "2026-06-29T12:00:00.000Z",
    );
    const future = { ...agent, lastTransactionAt: "2026-07-05T00:00:00.000Z" };
    expect(activityFromStore(future, undefined, null, b).lastTransactionAt).toBeUndefined();
    expect(activityFromStore(future, undefined, null, b).transactionCount).toBe(0);
  });
});
