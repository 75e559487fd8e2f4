import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../lib/random";
import { SIGNALS } from "../../detection/domain/fraud/catalog";
import { hourOfDay, inTimeOrder, median } from "./activity";
import { evaluateSignals, evaluationSteps, ROWS_PER_STEP } from "./evaluate";
import { input, NOW } from "./fixtures.test-util";
import type { Txn } from "./types";

const DAY = 86_400_000;

/** Floats in [0, 1) from the shared seeded generator. */
function rng(seed: number) {
  const next = mulberry32(seed);
  return () => next() / 4_294_967_296;
}

const CATEGORIES = [null, "airtime", "Airtime ", "salary", "refund", "cash_out", "agent_float_topup"];
const STATUSES = ["completed", "completed", "failed", "reversed"];

/**
 * A mixed book over 120 days: bursts of new payees in the last 3 days, equal times (every tenth
 * transaction at its predecessor's time), round and large amounts, refunds, a row after `now`.
 */
function book(n: number, seed: number): Txn[] {
  const next = rng(seed);
  const out: Txn[] = [];
  for (let i = 0; i < n; i++) {
    const burst = next() < 0.2;
    const at = Math.floor(NOW.getTime() - (burst ? 3 : 120) * next() * DAY);
    out.push({
      amountMinor:
        next() < 0.2 ? 100_000 * (1 + Math.floor(next() * 10)) : Math.round(500 + next() * 5_000_000),
      type: next() < 0.5 ? "credit" : "debit",
      at: i % 10 === 9 ? out[i - 1].at : at,
      category: CATEGORIES[Math.floor(next() * CATEGORIES.length)],
      status: STATUSES[Math.floor(next() * STATUSES.length)],
      description: next() < 0.05 ? "Chargeback" : null,
      counterparty:
        next() < 0.2 ? null : burst ? `new-${Math.floor(next() * 40)}` : ` CP-${Math.floor(next() * 60)}`,
    });
  }
  out.push({ ...out[0], at: NOW.getTime() + DAY });
  return out;
}

/** What the evaluation sorted by before: a filter, then the stable comparator sort. */
const reference = (txns: Txn[], now: number) => txns.filter((t) => t.at <= now).sort((a, b) => a.at - b.at);

const orders = (txns: Txn[]): Record<string, Txn[]> => {
  const newestFirst = [...txns].sort((a, b) => b.at - a.at);
  const shuffle = rng(7);
  return {
    oldestFirst: [...txns].sort((a, b) => a.at - b.at),
    newestFirst,
    // Fraud's read (newest first) and a proposed transaction appended (pre-transaction screening).
    newestFirstThenProposed: [...newestFirst, { ...txns[3], at: NOW.getTime() }, { ...txns[4], at: 0 }],
    shuffled: txns
      .map((t) => ({ t, k: shuffle() }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.t),
  };
};

describe("evaluation over any input order", () => {
  it("inTimeOrder gives the filtered stable sort, ties in input order", () => {
    for (const [name, list] of Object.entries(orders(book(400, 1)))) {
      const got = inTimeOrder(list, NOW.getTime());
      expect(got.length, name).toBe(reference(list, NOW.getTime()).length);
      // Same objects in the same places: ties keep their input order as the stable sort does.
      expect(
        got.every((t, i) => t === reference(list, NOW.getTime())[i]),
        name,
      ).toBe(true);
    }
    expect(inTimeOrder([], 0)).toEqual([]);
  });

  it("gives every signal the evaluation of the rows sorted as before, in any order", () => {
    // Equal times keep their input order (as the stable sort kept them), and some signals read
    // that order (pass-through matches credits before a debit): each order against its own sort.
    for (const seed of [2, 3]) {
      for (const [name, list] of Object.entries(orders(book(600, seed)))) {
        const extra = { utcOffsetMinutes: -300 };
        const expected = evaluateSignals(input(reference(list, NOW.getTime()), extra), SIGNALS);
        expect(expected.triggeredSignals.length, name).toBeGreaterThan(2);
        expect(evaluateSignals(input(list, extra), SIGNALS), name).toEqual(expected);
      }
    }
  });

  it("hourOfDay is the UTC hour of the shifted Date for whole milliseconds", () => {
    const next = rng(4);
    for (let i = 0; i < 2_000; i++) {
      const at = Math.floor((next() - 0.1) * 2e12);
      const offset = Math.round((next() - 0.5) * 28) * 30;
      expect(hourOfDay(at, offset)).toBe(new Date(at + offset * 60_000).getUTCHours());
    }
  });

  it("median sorts numerically as the comparator sort did", () => {
    const next = rng(5);
    for (const n of [1, 2, 3, 10, 101]) {
      const values = Array.from({ length: n }, () => Math.log(1 + Math.floor(next() * 1e7)));
      const s = [...values].sort((a, b) => a - b);
      const mid = Math.floor(n / 2);
      expect(median(values)).toBe(n % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2);
    }
    expect(median([])).toBe(0);
  });

  it("steps: a long history hands back between signals, a short one is one step, same value", () => {
    const steps = (txns: Txn[]) => {
      const work = evaluationSteps(input(txns), SIGNALS);
      let pauses = 0;
      for (;;) {
        const step = work.next();
        if (step.done) return { pauses, value: step.value };
        pauses++;
      }
    };
    const short = book(600, 8);
    expect(steps(short)).toEqual({ pauses: 0, value: evaluateSignals(input(short), SIGNALS) });
    // Every signal reads the baseline and the window: the rows of a 120-day book within 120 days.
    const long = book(8_000, 9);
    const read = reference(long, NOW.getTime()).length;
    const { pauses, value } = steps(long);
    // The meter starts again at each pause: one every ceil(ROWS_PER_STEP / read) signals.
    expect(pauses).toBe(Math.floor(SIGNALS.length / Math.ceil(ROWS_PER_STEP / read)));
    expect(pauses).toBeGreaterThan(0);
    expect(value).toEqual(evaluateSignals(input(long), SIGNALS));
  });
});
