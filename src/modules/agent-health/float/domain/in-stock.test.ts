import { describe, expect, it } from "vitest";
import { type HourFlow, inStockHistory } from "./in-stock";
import { HOUR_OF_DAY_WEIGHT, SLOTS, slotModel } from "./seasonality";

const MONDAY = 24; // slot of Monday 00:00 UTC
/** Offset of a weekday hour from the history's start, Monday 00:00. */
const at = (week: number, hourOfMonday: number) => week * SLOTS + hourOfMonday;

describe("inStockHistory", () => {
  it("walks the balance back from the close and drops hours that opened below the level", () => {
    // Hours 0..3; close 300. Hour 3: -50 customer; hour 2: +400 top-up; hour 1: -80; hour 0: -20.
    const flows: HourFlow[] = [
      { hour: 0, customer: -20, rebalance: 0 },
      { hour: 1, customer: -80, rebalance: 0 },
      { hour: 2, customer: 0, rebalance: 400 },
      { hour: 3, customer: -50, rebalance: 0 },
    ];
    const h = inStockHistory({
      hours: 4,
      startSlot: 10,
      firstHour: 0,
      closingBalance: 300,
      level: 60,
      flows,
    });
    // Openings: hour 3 = 300 + 50 = 350, hour 2 = 350 - 400 = -50, hour 1 = -50 + 80 = 30, hour 0 = 30 + 20 = 50.
    // Only hour 3 opened at or above 60.
    expect(h.hoursOutOfStock).toBe(3);
    expect(h.observations[13]).toBe(1);
    expect(h.observations[10] + h.observations[11] + h.observations[12]).toBe(0);
    expect(h.slots).toEqual([{ slot: 13, sum: -50, sumSq: 2_500 }]);
    expect(h.masked).toBe(true);
  });

  it("counts every hour when the walk finds the agent out of stock most of the time (an anchor that does not reconcile)", () => {
    const flows = [
      { hour: 0, customer: -20, rebalance: 0 },
      { hour: 3, customer: -50, rebalance: 0 },
    ];
    // Close -100 (a balance the transactions cannot reach): openings -30, -50, -50, -50, all below 60.
    const h = inStockHistory({
      hours: 4,
      startSlot: 0,
      firstHour: 0,
      closingBalance: -100,
      level: 60,
      flows,
    });
    expect(h.hoursOutOfStock).toBe(4);
    expect(h.masked).toBe(false);
    expect(Array.from(h.observations.slice(0, 4))).toEqual([1, 1, 1, 1]);
    expect(h.slots).toEqual([
      { slot: 0, sum: -20, sumSq: 400 },
      { slot: 3, sum: -50, sumSq: 2_500 },
    ]);
  });

  it("does not count a stocked-out hour as zero demand, and keeps the slot pattern", () => {
    // Four weeks from Monday 00:00. Every Monday 09:00 customers take 100 of e-float and every
    // Monday 20:00 one cash-out returns 100 - except in weeks 1 and 3, when a sweep at 08:00
    // leaves 50 (below the level of 100): the 09:00 cash-ins are refused and leave no record,
    // and a top-up at 10:00 restores the float.
    const flows: HourFlow[] = [];
    for (let w = 0; w < 4; w++) {
      if (w % 2 === 1) {
        flows.push({ hour: at(w, 8), customer: 0, rebalance: -950 });
        flows.push({ hour: at(w, 10), customer: 0, rebalance: 950 });
      } else {
        flows.push({ hour: at(w, 9), customer: -100, rebalance: 0 });
        flows.push({ hour: at(w, 20), customer: 100, rebalance: 0 });
      }
    }
    const closing = 1_000 + flows.reduce((a, f) => a + f.customer + f.rebalance, 0);
    const history = inStockHistory({
      hours: 4 * SLOTS,
      startSlot: MONDAY,
      firstHour: 0,
      closingBalance: closing,
      level: 100,
      flows,
    });
    const nine = MONDAY + 9;
    expect(history.hoursOutOfStock).toBe(4); // Monday 09:00 and 10:00 of weeks 1 and 3
    expect(history.observations[nine]).toBe(2);
    expect(history.observations[MONDAY + 10]).toBe(2);
    expect(history.observations[MONDAY + 20]).toBe(4);
    expect(history.observations[100]).toBe(4);

    const corrected = slotModel(
      { weeks: 4, transactions: 100, slots: history.slots, observations: history.observations },
      null,
    );
    const k = HOUR_OF_DAY_WEIGHT;
    // Hour 9 over all days: -200 over 2 + 6 x 4 = 26 in-stock observations.
    const hourNine = -200 / 26;
    expect(corrected.mean[nine]).toBeCloseTo((-200 + k * hourNine) / (2 + k), 9);
    // Counting the refused hours as zero demand (4 observations) drains less.
    const naive = slotModel({ weeks: 4, transactions: 100, slots: history.slots }, null);
    expect(naive.mean[nine]).toBeCloseTo((-200 + (k * -200) / 28) / (4 + k), 9);
    expect(corrected.mean[nine]).toBeLessThan(naive.mean[nine]);
    // The weekly pattern survives: busy Monday 09:00 drains, Monday 20:00 refills, Tuesday 09:00
    // (never busy) only borrows the hour's daily shape.
    expect(corrected.mean[MONDAY + 20]).toBeCloseTo((200 + (k * 200) / 28) / (4 + k), 9);
    expect(corrected.mean[nine + 24]).toBeCloseTo((k * hourNine) / (4 + k), 9);
    expect(corrected.mean[nine]).toBeLessThan(corrected.mean[nine + 24]);
  });

  it("counts no hour before the agent's first day", () => {
    const h = inStockHistory({
      hours: 2 * SLOTS,
      startSlot: 0,
      firstHour: SLOTS,
      closingBalance: 1_000,
      level: 0,
      flows: [{ hour: SLOTS + 5, customer: -10, rebalance: 0 }],
    });
    expect(Array.from(h.observations).every((n) => n === 1)).toBe(true);
    expect(h.slots).toEqual([{ slot: 5, sum: -10, sumSq: 100 }]);
  });
});
