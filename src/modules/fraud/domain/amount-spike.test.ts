import { describe, expect, it } from "vitest";
import { findSignal } from "../../detection/domain/fraud/catalog";
import { robustBaseline } from "./amount-spike";
import { evaluateSignals } from "./evaluate";
import { daysAgo, input, txn } from "./fixtures.test-util";
import type { Txn } from "./types";

const SPIKE = findSignal("amount_spike")!;
const DEFAULTS = SPIKE.parameters;
const run = (transactions: Txn[], parameters: Record<string, number> = {}) => {
  const result = evaluateSignals(input(transactions), [
    { ...SPIKE, parameters: { ...DEFAULTS, ...parameters } },
  ]);
  return result.triggeredSignals[0];
};
/** `n` baseline transactions (days 35..120 ago) of one kind, amounts cycling through `amounts`. */
const history = (n: number, amounts: number[], fields: Partial<Txn>): Txn[] =>
  Array.from({ length: n }, (_, i) =>
    txn({ at: daysAgo((35 + (i * 85) / n) | 0), amountMinor: amounts[i % amounts.length], ...fields }),
  );
const transfersOut = { type: "debit", category: "transfer" } as const;
const cashOut = { type: "debit", category: "cash_withdrawal" } as const;

describe("amount_spike: a transaction against its own kind's robust normal", () => {
  it("fires on a real outlier against a stable history, stating the statistic", () => {
    const data = [
      ...history(20, [150_000, 180_000, 210_000, 240_000], transfersOut),
      txn({ at: daysAgo(3), amountMinor: 3_000_000, ...transfersOut }),
    ];
    const signal = run(data);
    expect(signal?.triggered).toBe(true);
    expect(signal.evidence[0]).toMatchObject({
      observed: "30000.00",
      expected: "1944.22",
      threshold: "19442.20",
    });
    expect(signal.explanation).toMatch(/transfer debit of 30000\.00 is 15\.43 times the median 1944\.22/);
    expect(signal.counterfactual).toMatch(
      /^Would not trigger if the transfer debit had been below 19442\.20 \(the larger of 1000\.00, 10 x the median and the median x e\^\(4 x 0\.\d+\), the robust spread of log amounts, over 20 baseline transfer debits\)\.$/,
    );
  });

  it("does not fire on one ordinary transfer after a history of small cash withdrawals", () => {
    const withdrawals = history(25, [5_000, 8_000, 12_000, 20_000], cashOut);
    const salary = txn({ at: daysAgo(4), amountMinor: 250_000, type: "credit", category: "transfer" });
    const rent = txn({ at: daysAgo(2), amountMinor: 200_000, ...transfersOut });
    // The old rule (largest >= max(1,000.00, 5 x the baseline median)) fired on both.
    expect(250_000).toBeGreaterThanOrEqual(Math.max(100_000, 5 * 10_000));
    expect(run([...withdrawals, salary, rent])).toBeUndefined();
    const quiet = evaluateSignals(input([...withdrawals, salary, rent]), [SPIKE]);
    expect(quiet.nonTriggeredSignalCount).toBe(1);
  });

  it("a wide history (airtime to rent) widens the threshold; a stable one does not", () => {
    const spend = { type: "debit", category: "purchase" } as const;
    const big = txn({ at: daysAgo(3), amountMinor: 450_000, ...spend });
    const stable = history(20, [40_000, 45_000, 50_000], spend);
    const wide = history(20, [1_000, 5_000, 20_000, 45_000, 150_000, 400_000], spend);
    expect(run([...stable, big])?.triggered).toBe(true);
    expect(run([...wide, big])).toBeUndefined();
  });

  it("never fires below the absolute floor, however far above the median", () => {
    const airtime = history(30, [1_000, 1_500, 2_000], { type: "debit", category: "purchase" });
    const shop = txn({ at: daysAgo(2), amountMinor: 90_000, type: "debit", category: "purchase" });
    expect(run([...airtime, shop])).toBeUndefined();
    expect(run([...airtime, shop], { minAmountMinor: 50_000 })?.triggered).toBe(true);
  });

  it("with fewer than minBaselineCount of the kind it does not judge, with low confidence", () => {
    const outlier = txn({ at: daysAgo(3), amountMinor: 3_000_000, ...transfersOut });
    const thin = evaluateSignals(input([...history(4, [150_000], transfersOut), outlier]), [SPIKE]);
    expect(thin.triggeredSignals).toEqual([]);
    expect(run([...history(5, [150_000], transfersOut), outlier])?.triggered).toBe(true);
    // No history required: the floor alone decides.
    expect(run([outlier], { minBaselineCount: 0 })?.triggered).toBe(true);
    expect(run([], { minBaselineCount: 0 })).toBeUndefined();
  });
});

describe("robustBaseline", () => {
  const p = { minAmountMinor: 100_000, medianMultiple: 10, madMultiple: 4 };

  it("an unvarying history: no spread, the median multiple decides", () => {
    expect(robustBaseline([30_000, 30_000, 30_000], p)).toEqual({
      count: 3,
      median: 30_000,
      logSpread: 0,
      threshold: 300_000,
    });
  });

  it("the spread is the scaled MAD of log amounts: a factor of 10 either side is 1.4826 x ln 10", () => {
    const b = robustBaseline([1_000, 10_000, 100_000], p);
    expect(b.median).toBe(10_000);
    expect(b.logSpread).toBe(3.41);
    expect(b.threshold).toBe(Math.ceil(10_000 * Math.exp(4 * 1.4826 * Math.log(10))));
  });
});
