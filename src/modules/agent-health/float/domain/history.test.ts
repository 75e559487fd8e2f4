import { describe, expect, it } from "vitest";
import { floatSeries } from "./history";

const empty = { cashIn: 0, cashOut: 0, rebalanceIn: 0, rebalanceOut: 0, transactions: 0 };

describe("floatSeries", () => {
  it("moves the balance with each bucket's flows and re-anchors at reports, showing the drift", () => {
    const range = {
      from: new Date("2026-03-02T09:30:00Z"),
      to: new Date("2026-03-02T12:10:00Z"),
      granularity: "hour" as const,
    };
    const { points, drifts } = floatSeries(
      1_000,
      range,
      [
        { ...empty, key: "2026-03-02T09", cashIn: 300, transactions: 2 },
        { ...empty, key: "2026-03-02T10", cashOut: 50, rebalanceIn: 500, transactions: 2 },
        { ...empty, key: "2026-03-02T12", cashIn: 100, rebalanceOut: 20, transactions: 2 },
      ],
      [{ reportedAt: "2026-03-02T11:45:00.000Z", floatBalance: 1_200, cashBalance: 40 }],
    );
    expect(points.map((p) => p.start)).toEqual([
      "2026-03-02T09:00:00.000Z",
      "2026-03-02T10:00:00.000Z",
      "2026-03-02T11:00:00.000Z",
      "2026-03-02T12:00:00.000Z",
    ]);
    const derivedAt11 = 1_000 - 300 + 50 + 500;
    expect(points.map((p) => p.closingBalance)).toEqual([700, 1_250, 1_200, 1_200 - 100 - 20]);
    expect(drifts).toEqual([
      {
        reportedAt: "2026-03-02T11:45:00.000Z",
        floatBalance: 1_200,
        cashBalance: 40,
        derivedBalance: derivedAt11,
        drift: 1_200 - derivedAt11,
      },
    ]);
  });

  it("buckets by day", () => {
    const { points } = floatSeries(
      0,
      { from: new Date("2026-03-01T23:00:00Z"), to: new Date("2026-03-02T01:00:00Z"), granularity: "day" },
      [{ ...empty, key: "2026-03-02", cashOut: 70, transactions: 1 }],
      [],
    );
    expect(points.map((p) => [p.start, p.closingBalance])).toEqual([
      ["2026-03-01T00:00:00.000Z", 0],
      ["2026-03-02T00:00:00.000Z", 70],
    ]);
  });
});
