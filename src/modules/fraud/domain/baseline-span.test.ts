import { describe, expect, it } from "vitest";
import { findSignal } from "../../detection/domain/fraud/catalog";
import { buildView } from "./activity";
import { evaluateSignals } from "./evaluate";
import { daysAgo, input, txn } from "./fixtures.test-util";
import type { Txn } from "./types";

/** `perDay` transactions a day over [fromDay, toDay) days ago, counterparties cycling over `customers`. */
const steady = (fromDay: number, toDay: number, perDay: number, customers: number): Txn[] =>
  Array.from({ length: (fromDay - toDay) * perDay }, (_, i) =>
    txn({
      at: daysAgo(fromDay - Math.floor(i / perDay), 8 + (i % perDay)),
      counterparty: `customer-${i % customers}`,
    }),
  );
const fires = (signalId: string, transactions: Txn[], extra = {}) =>
  evaluateSignals(input(transactions, extra), [findSignal(signalId)!]).triggeredSignals.length > 0;

describe("baselines are rates over the history the entity has, not over 90 days", () => {
  it("an entity first seen 50 days ago (20 before the window) covers 20 baseline days", () => {
    const view = buildView(input(steady(50, 0, 1, 5)));
    expect(view.baselineSpanDays).toBeCloseTo(20.17, 2);
    const before = daysAgo(200);
    expect(buildView(input(steady(50, 0, 1, 5), { activityBeforeBaselineAt: before })).baselineSpanDays).toBe(
      90,
    );
    expect(buildView(input([])).baselineSpanDays).toBe(0);
  });

  it("velocity_count: a shop a little busier than in its 30 days of history stays quiet", () => {
    // 4 a day for 53 days, then 5 a day: 30 in the last week. Over 90 days the baseline rate
    // would read 9.4 a week (threshold 29) and fire; over its 30 days it is 28 (threshold 85).
    const usualShop = [...steady(60, 7, 4, 40), ...steady(7, 0, 5, 40)];
    expect(fires("velocity_count", usualShop)).toBe(false);
    // Three times its own normal still fires.
    expect(fires("velocity_count", [...usualShop, ...steady(6, 0, 15, 40)])).toBe(true);
  });

  it("many_counterparties: a merchant with a few more customers than usual stays quiet", () => {
    // 20 distinct customers a week, 25 in the last: over 90 days the weekly mean would read 6.7
    // (threshold 21); over its 30 days, 20 (threshold 60).
    const usualMerchant = [...steady(60, 7, 3, 20), ...steady(7, 0, 4, 25)];
    expect(fires("many_counterparties", usualMerchant)).toBe(false);
    const newcomers = Array.from({ length: 60 }, (_, i) =>
      txn({ at: daysAgo(i % 6), counterparty: `new-${i}` }),
    );
    expect(fires("many_counterparties", [...usualMerchant, ...newcomers])).toBe(true);
  });
});
