import { describe, expect, it } from "vitest";
import { mergeThresholds } from "../../detection/domain/aml/thresholds";
import { type EntityTx, type EntityWindow, entityFeatures } from "./entity-features";

// The equality with the SQL statement over generated histories is test/aml/entity-features.test.ts;
// these pin the frames' edges and the dormancy lookup by hand.

const window = (overrides: Partial<EntityWindow> = {}): EntityWindow => ({
  entityType: "customer",
  entityId: "c-1",
  windowStart: "2026-11-01T00:00:00.000Z",
  windowEnd: "2026-11-30T23:59:59.999Z",
  thresholds: mergeThresholds(),
  highRiskCountries: ["KP"],
  homeCountry: "GH",
  ...overrides,
});

const tx = (transactionDate: string, fields: Partial<EntityTx> = {}): EntityTx => ({
  transactionDate,
  type: "credit",
  amountMinor: 10_000,
  cash: false,
  float: false,
  country: null,
  other: null,
  ...fields,
});

const read = (transactions: EntityTx[], lastBefore: string | null = null) => ({
  transactions,
  lastBefore,
  declared: null,
});

describe("entityFeatures", () => {
  it("counts a velocity frame up to one second short of its hours, not the instant after", () => {
    const q = window({ thresholds: mergeThresholds({ velocityWindowHours: 1 }) });
    const inside = entityFeatures(
      read([tx("2026-11-10T10:00:00.000Z"), tx("2026-11-10T10:59:59.000Z"), tx("2026-11-12T00:00:00.000Z")]),
      q,
    );
    expect(inside.velocityMaxCount).toBe(2);
    expect(inside.velocityWindowStart).toBe("2026-11-10T10:00:00.000Z");
    const outside = entityFeatures(read([tx("2026-11-10T10:00:00.000Z"), tx("2026-11-10T11:00:00.000Z")]), q);
    expect(outside.velocityMaxCount).toBe(1);
  });

  it("keeps the earliest frame among equal structuring counts, with its sum", () => {
    const band = (date: string, amountMinor: number) => tx(date, { cash: true, amountMinor });
    const f = entityFeatures(
      read([
        band("2026-11-02T09:00:00.000Z", 4_800_000),
        band("2026-11-03T09:00:00.000Z", 4_700_000),
        band("2026-11-20T09:00:00.000Z", 4_900_000),
        band("2026-11-21T09:00:00.000Z", 4_900_000),
        tx("2026-11-21T10:00:00.000Z", { cash: true, amountMinor: 5_000_000 }), // at the threshold: not in the band
      ]),
      window({ thresholds: mergeThresholds({ structuringWindowDays: 3 }) }),
    );
    expect(f.structuringMaxCount).toBe(2);
    expect(f.structuringSumMinor).toBe(9_500_000);
    expect(f.structuringWindowStart).toBe("2026-11-02T09:00:00.000Z");
  });

  it("measures dormancy from the last transaction before the window, within three years only", () => {
    const rows = [tx("2026-11-05T00:00:00.000Z", { amountMinor: 300 }), tx("2026-11-06T00:00:00.000Z")];
    const f = entityFeatures(read(rows, "2026-05-01T00:00:00.000Z"), window());
    expect(f.dormancyGapDays).toBe(188);
    expect(f.lastActivityBefore).toBe("2026-05-01T00:00:00.000Z");
    expect(f.volumeAfterReactivationMinor).toBe(10_300);
    // Rows given before the window (a wider read) stand in front of the read's lastBefore.
    const wider = entityFeatures(
      read([tx("2026-10-20T00:00:00.000Z"), ...rows], "2026-05-01T00:00:00.000Z"),
      window(),
    );
    expect(wider.dormancyGapDays).toBe(16);
    expect(wider.txCount).toBe(2);
    // Beyond the lookback the silence has no start: only the gaps inside the window count.
    const ancient = entityFeatures(read(rows, "2022-01-01T00:00:00.000Z"), window());
    expect(ancient.dormancyGapDays).toBe(1);
  });

  it("no transaction in the window: no features", () => {
    const f = entityFeatures(read([tx("2026-10-01T00:00:00.000Z")]), window());
    expect(f.txCount).toBe(0);
    expect(f.dormancyGapDays).toBeNull();
  });

  it("leaves an agent's float out of rapid movement (AML-RMF-003): a top-up spent on cash-ins is no pass-through", () => {
    const day = (h: number) => `2026-11-10T${String(h).padStart(2, "0")}:00:00.000Z`;
    const wallet = [
      tx(day(7), { amountMinor: 2_000_000, float: true }),
      ...[9, 10, 11, 12].map((h) => tx(day(h), { type: "debit", amountMinor: 450_000, float: true })),
    ];
    expect(entityFeatures(read(wallet), window()).rapidRatioPercent).toBeNull();
    // The same money unlabelled: 90% of the day's credits left the same day.
    const unlabelled = wallet.map((t) => ({ ...t, float: false }));
    expect(entityFeatures(read(unlabelled), window()).rapidRatioPercent).toBe(90);
  });
});
