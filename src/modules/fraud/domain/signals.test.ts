import { describe, expect, it } from "vitest";
import { findSignal, SIGNALS, selectSignals, unknownSignalIds } from "../../detection/domain/fraud/catalog";
import { buildView, money } from "./activity";
import { evaluateSignals } from "./evaluate";
import { daysAgo, input, NOW, normalActivity, txn } from "./fixtures.test-util";
import type { EvaluationInput, Txn } from "./types";

const run = (signalId: string, transactions: Txn[], extra: Partial<EvaluationInput> = {}) => {
  const result = evaluateSignals(input(transactions, extra), [findSignal(signalId)!]);
  return { result, signal: result.triggeredSignals[0] };
};

/** For every signal: data built to trigger it, and the same entity's normal data stays quiet. */
const TRIGGERS: Record<string, { data: () => Txn[]; extra?: Partial<EvaluationInput> }> = {
  velocity_count: {
    data: () => [...normalActivity(), ...Array.from({ length: 25 }, (_, i) => txn({ at: daysAgo(i % 6) }))],
  },
  velocity_amount: {
    data: () => [
      ...normalActivity(),
      txn({ at: daysAgo(2), amountMinor: 3_000_000 }),
      txn({ at: daysAgo(1), amountMinor: 3_000_000 }),
    ],
  },
  amount_spike: { data: () => [...normalActivity(), txn({ at: daysAgo(5), amountMinor: 400_000 })] },
  round_amounts: {
    data: () =>
      Array.from({ length: 6 }, (_, i) => txn({ at: daysAgo(i * 3 + 1), amountMinor: 200_000 * (i + 1) })),
  },
  just_under_threshold: {
    data: () => [
      ...normalActivity(),
      ...[4_990_000, 4_800_000, 4_650_000].map((a, i) => txn({ at: daysAgo(i * 4 + 2), amountMinor: a })),
    ],
  },
  dormant_reactivation: {
    data: () => [
      txn({ at: daysAgo(200) }),
      txn({ at: daysAgo(5) }),
      txn({ at: daysAgo(4) }),
      txn({ at: daysAgo(3) }),
    ],
  },
  new_entity_high_activity: {
    data: () => Array.from({ length: 22 }, (_, i) => txn({ at: daysAgo(i % 10) })),
    extra: { entityCreatedAt: new Date(NOW.getTime() - 12 * 86_400_000) },
  },
  rapid_pass_through: {
    data: () => [
      txn({ at: daysAgo(10, 8), amountMinor: 400_000, type: "credit" }),
      txn({ at: daysAgo(10, 20), amountMinor: 390_000, type: "debit" }),
      txn({ at: daysAgo(4, 8), amountMinor: 500_000, type: "credit" }),
      txn({ at: daysAgo(3, 9), amountMinor: 480_000, type: "debit" }),
    ],
  },
  unusual_hours: {
    data: () => [
      ...normalActivity(),
      ...Array.from({ length: 6 }, (_, i) => txn({ at: daysAgo(i * 2 + 1, 2) })),
    ],
  },
  many_counterparties: {
    data: () => [
      ...normalActivity(),
      ...Array.from({ length: 18 }, (_, i) => txn({ at: daysAgo(i % 5), counterparty: `new-${i}` })),
    ],
  },
  refund_reversal_abuse: {
    data: () => [
      ...Array.from({ length: 8 }, (_, i) => txn({ at: daysAgo(i * 3 + 1) })),
      txn({ at: daysAgo(2), category: "refund", type: "debit" }),
      txn({ at: daysAgo(6), status: "reversed" }),
      txn({ at: daysAgo(9), description: "Chargeback on card sale" }),
    ],
  },
  new_payee_drain: {
    // Three transfers to never-seen wallets in one evening, 4,200.00 in all.
    data: () => [
      ...normalActivity(),
      ...[1_500_000, 1_400_000, 1_300_000].map((amountMinor, i) =>
        txn({ at: daysAgo(3, 20 + i), amountMinor, type: "debit", counterparty: `wallet-new-${i}` }),
      ),
    ],
  },
  refund_beyond_purchase: {
    // Two buyers of 50.00 each refunded 1,500.00 and 900.00.
    data: () => [
      ...normalActivity(),
      txn({ at: daysAgo(10), amountMinor: 5_000, type: "credit", counterparty: "buyer-1" }),
      txn({ at: daysAgo(10), amountMinor: 5_000, type: "credit", counterparty: "buyer-2" }),
      txn({
        at: daysAgo(8),
        amountMinor: 150_000,
        type: "debit",
        category: "refund",
        counterparty: "buyer-1",
      }),
      txn({
        at: daysAgo(7),
        amountMinor: 90_000,
        type: "debit",
        category: "refund",
        counterparty: "buyer-2",
      }),
    ],
  },
};

describe("signal catalog", () => {
  it("has at least 10 signals with unique ids and complete definitions", () => {
    expect(SIGNALS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(SIGNALS.map((s) => s.signalId)).size).toBe(SIGNALS.length);
    for (const s of SIGNALS) {
      expect(s.applicableTo.length).toBeGreaterThan(0);
      expect(["low", "medium", "high", "critical"]).toContain(s.defaultSeverity);
    }
  });

  it("has a trigger scenario for every signal", () => {
    expect(Object.keys(TRIGGERS).sort()).toEqual(SIGNALS.map((s) => s.signalId).sort());
  });

  it("selects enabled applicable signals by default, named ones (even disabled) on request", () => {
    const merchant = selectSignals("merchant").map((s) => s.signalId);
    expect(merchant).not.toContain("dormant_reactivation");
    expect(merchant).not.toContain("unusual_hours");
    expect(selectSignals("customer", ["unusual_hours"]).map((s) => s.signalId)).toEqual(["unusual_hours"]);
    expect(unknownSignalIds(["velocity_count", "nope"])).toEqual(["nope"]);
  });
});

describe.each(Object.entries(TRIGGERS))("%s", (signalId, scenario) => {
  it("fires on data built to trigger it, with evidence and a counterfactual", () => {
    const { result, signal } = run(signalId, scenario.data(), scenario.extra);
    expect(signal?.signalId).toBe(signalId);
    expect(signal.triggered).toBe(true);
    expect(signal.evidence.length).toBeGreaterThan(0);
    expect(signal.counterfactual).toMatch(/^Would not trigger if/);
    expect(result.overallScore).toBeGreaterThan(0);
  });

  it("stays quiet on normal data", () => {
    const { result } = run(signalId, normalActivity());
    expect(result.triggeredSignals).toEqual([]);
    expect(result.overallScore).toBe(0);
    expect(result.nonTriggeredSignalCount).toBe(1);
  });
});

describe("windows", () => {
  it("ignores activity before the window", () => {
    const spike = [...normalActivity(200), txn({ at: daysAgo(40), amountMinor: 400_000 })];
    expect(run("amount_spike", spike, { windowDays: 30 }).signal).toBeUndefined();
    expect(run("amount_spike", spike, { windowDays: 60 }).signal?.triggered).toBe(true);
  });

  it("measures velocity over min(7, windowDays) days", () => {
    const burst = Array.from({ length: 20 }, (_, i) => txn({ at: daysAgo(i % 3 === 0 ? 5 : 1) }));
    const week = run("velocity_count", burst, { windowDays: 30 }).signal;
    expect(week.triggered).toBe(true);
    // With a 2-day window only the 13 transactions of the last 2 days count.
    expect(run("velocity_count", burst, { windowDays: 2 }).signal).toBeUndefined();
  });

  it("reports the window bounds", () => {
    const r = evaluateSignals(input([], { windowDays: 10 }), SIGNALS);
    expect(r.windowEnd).toBe(NOW.toISOString());
    expect(r.windowStart).toBe("2026-06-20T12:00:00.000Z");
  });

  it("the baseline raises thresholds for an entity whose normal is busy", () => {
    const busy = Array.from({ length: 150 }, (_, i) =>
      txn({ at: daysAgo(i * 0.7), counterparty: `p-${i % 40}` }),
    );
    expect(run("velocity_count", busy).signal).toBeUndefined();
  });
});

describe("counterfactuals name the threshold", () => {
  it("velocity_count", () => {
    const { signal } = run("velocity_count", TRIGGERS.velocity_count.data());
    const threshold = signal.evidence[0].threshold;
    expect(signal.counterfactual).toBe(`Would not trigger if the 7-day count were below ${threshold}.`);
  });
});

describe("new_entity_high_activity: an entity is as old as its record or its first activity", () => {
  const created = (days: number) => ({ entityCreatedAt: new Date(NOW.getTime() - days * 86_400_000) });
  const busy = () => Array.from({ length: 22 }, (_, i) => txn({ at: daysAgo(i % 10) }));
  const ageOf = (transactions: Txn[], extra: Partial<EvaluationInput>) => ({
    age: buildView(input(transactions, extra)).entityAgeDays,
    triggered: run("new_entity_high_activity", transactions, extra).signal?.triggered ?? false,
  });

  it("a record made 3 days ago whose transactions go back 60 days is 60 days old: not new", () => {
    const { triggered, age } = ageOf([txn({ at: daysAgo(60) }), ...busy()], created(3));
    expect(age).toBe(60);
    expect(triggered).toBe(false);
  });

  it("activity before the read's range makes it at least that old", () => {
    const before = NOW.getTime() - 400 * 86_400_000;
    const { triggered, age } = ageOf(busy(), { ...created(3), activityBeforeBaselineAt: before });
    expect(age).toBe(400);
    expect(triggered).toBe(false);
  });

  it("a record made 12 days ago whose first transaction is 9 days old is 12 days old: new and busy fires", () => {
    const { triggered, age } = ageOf(busy(), created(12));
    expect(age).toBe(12);
    expect(triggered).toBe(true);
  });

  it("without a record the age stays unknown, whatever the activity", () => {
    const outcome = evaluateSignals(input(busy(), { entityCreatedAt: null }), [
      findSignal("new_entity_high_activity")!,
    ]);
    expect(outcome.triggeredSignals).toEqual([]);
  });
});

describe("takeover and refund look-alikes", () => {
  it("a drain to payees already known, or within the entity's usual outflow, does not fire", () => {
    const known = [
      ...normalActivity(),
      ...[1_500_000, 1_400_000].map((amountMinor, i) =>
        txn({ at: daysAgo(3, 20 + i), amountMinor, type: "debit", counterparty: `supplier-${i}` }),
      ),
    ];
    expect(run("new_payee_drain", known).signal).toBeUndefined();
    // A trader who sends 2,000.00 to suppliers in a day as a habit: 3,000.00 to two new ones is normal.
    const busy = [
      ...normalActivity(),
      ...[40, 25].map((d) =>
        txn({ at: daysAgo(d), amountMinor: 2_000_000, type: "debit", counterparty: "supplier-0" }),
      ),
      ...[1_500_000, 1_500_000].map((amountMinor, i) =>
        txn({ at: daysAgo(3, 10 + i), amountMinor, type: "debit", counterparty: `new-supplier-${i}` }),
      ),
    ];
    const outcome = run("new_payee_drain", busy).signal;
    expect(outcome).toBeUndefined();
    // Rent to a new landlord and cash taken out the same day: one payee (cash is not a payee).
    const rent = [
      ...normalActivity(),
      txn({ at: daysAgo(3, 20), amountMinor: 500_000, type: "debit", counterparty: "landlord" }),
      txn({
        at: daysAgo(3, 21),
        amountMinor: 20_000,
        type: "debit",
        category: "cash_withdrawal",
        counterparty: "agent-9",
      }),
    ];
    expect(run("new_payee_drain", rent).signal).toBeUndefined();
    const toWallet = rent.map((t) => (t.counterparty === "agent-9" ? { ...t, category: "transfer" } : t));
    expect(run("new_payee_drain", toWallet).signal?.triggered).toBe(true);
    // One new payee is a purchase, not a drain.
    const one = [
      ...normalActivity(),
      txn({ at: daysAgo(3), amountMinor: 5_000_000, type: "debit", counterparty: "landlord" }),
    ];
    expect(run("new_payee_drain", one).signal).toBeUndefined();
  });

  it("a payout funded by money that just arrived is not a drain", () => {
    const financed = [
      ...normalActivity(),
      txn({
        at: daysAgo(5),
        amountMinor: 5_000_000,
        type: "credit",
        category: "loan_disbursement",
        counterparty: "bank",
      }),
      ...[1_500_000, 1_400_000, 1_300_000].map((amountMinor, i) =>
        txn({ at: daysAgo(3, 20 + i), amountMinor, type: "debit", counterparty: `farmer-${i}` }),
      ),
    ];
    expect(run("new_payee_drain", financed).signal).toBeUndefined();
    // The same payout with the finance more than 30 days before it: a drain.
    const stale = financed.map((t) => (t.counterparty === "bank" ? { ...t, at: daysAgo(40) } : t));
    expect(run("new_payee_drain", stale).signal?.triggered).toBe(true);
  });

  it("a sparse history cannot tell the owner's off hours: under minBaselineCount (35) it is not judged", () => {
    // A seasonal buyer's quiet months: one small payment every other day, at a different hour each
    // time, then its season's payees paid 4,500.00 in a morning. Most hours of the day hold none of
    // its transactions, so nearly any hour is an "off hour".
    const season = (quiet: number) => [
      ...Array.from({ length: quiet }, (_, i) =>
        txn({
          at: daysAgo(3 + 2 * (quiet - i), 7 + ((i * 5) % 14)),
          amountMinor: 5_000,
          type: "debit",
          counterparty: `shop-${i % 3}`,
        }),
      ),
      ...[2_500_000, 2_000_000].map((amountMinor, i) =>
        txn({ at: daysAgo(3, 5 + i), amountMinor, type: "debit", counterparty: `farmer-${i}` }),
      ),
    ];
    const count = (o: ReturnType<typeof run>["signal"]) =>
      o?.evidence[0].context.match(/\((\d+)\) over/)?.[1];
    // 30 transactions over 60 days: below the 35 a profile of its hours needs.
    expect(run("new_payee_drain", season(30)).signal).toBeUndefined();
    // The same with 40: judged, and the morning payout at hours it never used fires.
    const judged = run("new_payee_drain", season(40)).signal;
    expect(judged?.triggered).toBe(true);
    expect(count(judged)).toBe("40");
    // The takeover fixture (the owner's 40 transactions at 10-15 h, a drain in one evening) fires.
    expect(run("new_payee_drain", TRIGGERS.new_payee_drain.data()).signal?.triggered).toBe(true);
  });

  it("a drain is read against at least a month of the entity's history before it", () => {
    // Two small payments a day to known shops, from `from` days ago; the same evening drain.
    const history = (from: number) => [
      ...Array.from({ length: from }, (_, i) =>
        [10, 13].map((h) =>
          txn({ at: daysAgo(from - i, h), amountMinor: 5_000, type: "debit", counterparty: `shop-${i % 3}` }),
        ),
      ).flat(),
      ...[1_500_000, 1_400_000, 1_300_000].map((amountMinor, i) =>
        txn({ at: daysAgo(3, 20 + i), amountMinor, type: "debit", counterparty: `wallet-new-${i}` }),
      ),
    ];
    // 30 days: 54 transactions, but over 27 days before the drain
    expect(run("new_payee_drain", history(30)).signal).toBeUndefined();
    // 36 days: 33 days before the drain, though only 3 of them before the window
    expect(run("new_payee_drain", history(36)).signal?.triggered).toBe(true);
  });

  describe("each drain judged as of its own start (a backfill's past window)", () => {
    // A 75-day backfill judged at the past point 30 days before the load: its window holds days
    // 60-30 before the load, and only 15 days of history lie before that window.
    const past = new Date(NOW.getTime() - 30 * 86_400_000);
    const owner = (from: number, to: number) =>
      Array.from({ length: from - to }, (_, i) =>
        [9, 12, 17].map((h) =>
          txn({
            at: daysAgo(from - i, h),
            amountMinor: 4_000 + 500 * (i % 5),
            type: "debit",
            counterparty: `shop-${i % 4}`,
          }),
        ),
      ).flat();
    const drain = (day: number) =>
      [600_000, 500_000, 450_000].map((amountMinor, i) =>
        txn({ at: daysAgo(day, 20 + i), amountMinor, type: "debit", counterparty: `wallet-new-${i}` }),
      );
    const atPast = (transactions: Txn[]) =>
      evaluateSignals(input(transactions, { now: past }), [findSignal("new_payee_drain")!])
        .triggeredSignals[0];

    it("a takeover 37 days before the load, with 38 days of the owner's normal before it, fires", () => {
      const outcome = atPast([...owner(75, 0), ...drain(37)]);
      expect(outcome?.triggered).toBe(true);
      // Read against all its days before the drain, not the 15 before the window.
      const before = owner(75, 0).filter((t) => t.at < daysAgo(37, 20)).length;
      expect(before).toBeGreaterThan(100);
      expect(outcome?.evidence[0].context).toContain(`(${before})`);
    });

    it("the same drain with under a month of history before it does not", () => {
      expect(atPast([...owner(64, 0), ...drain(37)])).toBeUndefined();
    });

    it("an owner whose days just before it held such evenings is not taken over", () => {
      // From 55 days before the load it sends 6,000.00 to a known supplier every third evening:
      // the drain is neither beyond its normal nor at its off hours, read as of the drain.
      const evenings = Array.from({ length: 6 }, (_, i) =>
        txn({ at: daysAgo(55 - 3 * i, 21), amountMinor: 600_000, type: "debit", counterparty: "shop-0" }),
      );
      expect(atPast([...owner(75, 0), ...evenings, ...drain(37)])).toBeUndefined();
    });
  });

  it("an evening drain fires though the owner once paid at that hour: an hour is read with its neighbours", () => {
    // 40 daytime transactions (10-15 h) and one payment at 21:00, then five new wallets paid
    // 21:10-23:50 (the benchmark's takeovers: owners with a few evening payments).
    const owner = [
      ...normalActivity(),
      txn({ at: daysAgo(50, 21), amountMinor: 30_000, type: "debit", counterparty: "supplier-1" }),
    ];
    const drain = [21, 21, 21, 22, 23].map((h, i) =>
      txn({
        at: daysAgo(3, h) + (10 + 10 * i) * 60_000,
        amountMinor: 160_000 + 10_000 * i,
        type: "debit",
        counterparty: `wallet-new-${i}`,
      }),
    );
    const signal = run("new_payee_drain", [...owner, ...drain]).signal;
    expect(signal?.triggered).toBe(true);
    // Derived: the five payments, 160,000 + 170,000 + ... + 200,000 minor units.
    expect(signal.evidence[0].observed).toBe(money(900_000));
    // Read hour by hour (the rule before), 21 h (1 of 41 transactions, over 2%) was a usual hour:
    // 3,900.00 of the 9,000.00 (at 22 and 23 h) left at off hours, under half, and it stayed quiet.
    const hourByHour = {
      ...findSignal("new_payee_drain")!,
      parameters: { ...findSignal("new_payee_drain")!.parameters, neighbourHours: 0, rareHourShare: 0.02 },
    };
    const { triggeredSignals } = evaluateSignals(input([...owner, ...drain]), [hourByHour]);
    expect(triggeredSignals).toEqual([]);
  });

  it("a night burst to four or more new payees needs only more than the entity ever sent in a day", () => {
    // An owner who once paid a 4,000.00 rent, then 5,000.00 leaves in one night: to five new
    // wallets it is a takeover (over 1 x 4,000.00), to three it stays under 3 x 4,000.00.
    const owner = [
      ...normalActivity(),
      txn({ at: daysAgo(40, 12), amountMinor: 400_000, type: "debit", counterparty: "landlord" }),
    ];
    const night = (payees: number) =>
      Array.from({ length: payees }, (_, i) =>
        txn({
          at: daysAgo(3, 20 + (i % 4)),
          amountMinor: Math.round(500_000 / payees),
          type: "debit",
          counterparty: `wallet-new-${i}`,
        }),
      );
    const five = run("new_payee_drain", [...owner, ...night(5)]).signal;
    expect(five?.triggered).toBe(true);
    expect(five.evidence[0].threshold).toBe(money(400_000));
    expect(run("new_payee_drain", [...owner, ...night(3)]).signal).toBeUndefined();
  });

  it("a salary earner paying a first rent and a new supplier in one evening, from the salary, does not fire", () => {
    const salaried = [
      ...normalActivity(),
      txn({
        at: daysAgo(5, 9),
        amountMinor: 700_000,
        type: "credit",
        category: "salary",
        counterparty: "employer",
      }),
      txn({ at: daysAgo(3, 20), amountMinor: 450_000, type: "debit", counterparty: "new-landlord" }),
      txn({ at: daysAgo(3, 21), amountMinor: 150_000, type: "debit", counterparty: "new-supplier" }),
    ];
    expect(run("new_payee_drain", salaried).signal).toBeUndefined();
    // The same two payments during the owner's day, from savings: at its usual hours, quiet too.
    const daytime = salaried
      .filter((t) => t.counterparty !== "employer")
      .map((t) => (t.counterparty?.startsWith("new-") ? { ...t, at: t.at - 9 * 3_600_000 } : t));
    expect(run("new_payee_drain", daytime).signal).toBeUndefined();
  });

  it("a drain at the hours the entity usually transacts does not fire", () => {
    // normalActivity() transacts at 10:00 and 13:00; the same drain at those hours.
    const daytime = [
      ...normalActivity(),
      ...[1_500_000, 1_400_000, 1_300_000].map((amountMinor, i) =>
        txn({ at: daysAgo(3, i ? 13 : 10), amountMinor, type: "debit", counterparty: `wallet-new-${i}` }),
      ),
    ];
    expect(run("new_payee_drain", daytime).signal).toBeUndefined();
  });

  it("a drain needs an established baseline", () => {
    const fresh = [1_500_000, 1_400_000].map((amountMinor, i) =>
      txn({ at: daysAgo(3, 20 + i), amountMinor, type: "debit", counterparty: `wallet-${i}` }),
    );
    expect(run("new_payee_drain", fresh).signal).toBeUndefined();
  });

  it("genuine refunds (at most what was bought) do not fire, however many", () => {
    const shop = [
      ...normalActivity(),
      ...Array.from({ length: 6 }, (_, i) => [
        txn({ at: daysAgo(20 - i), amountMinor: 200_000, type: "credit", counterparty: `buyer-${i}` }),
        txn({
          at: daysAgo(15 - i),
          amountMinor: 200_000,
          type: "debit",
          category: "refund",
          counterparty: `buyer-${i}`,
        }),
      ]).flat(),
    ];
    expect(run("refund_beyond_purchase", shop).signal).toBeUndefined();
  });

  it("one refund far beyond a cover purchase fires; one refund with nothing bought here does not", () => {
    const refund = (amountMinor: number) =>
      txn({ at: daysAgo(9), amountMinor, type: "credit", category: "refund", counterparty: "merchant-9" });
    const cover = txn({ at: daysAgo(12), amountMinor: 6_000, type: "debit", counterparty: "merchant-9" });
    // 60.00 bought, 3,000.00 refunded once: 2,940.00 beyond it, over the 2,000.00 a single refund needs.
    const signal = run("refund_beyond_purchase", [...normalActivity(), cover, refund(300_000)]).signal;
    expect(signal?.triggered).toBe(true);
    expect(signal.evidence[0].observed).toBe(money(300_000 - 6_000));
    // The same refund of something bought elsewhere (no purchase in the book): two would be needed.
    expect(run("refund_beyond_purchase", [...normalActivity(), refund(300_000)]).signal).toBeUndefined();
    // 60.00 bought, 1,500.00 refunded once: under 2,000.00 beyond it.
    expect(
      run("refund_beyond_purchase", [...normalActivity(), cover, refund(150_000)]).signal,
    ).toBeUndefined();
  });

  it("the accomplice's side fires too: refunded many times what it bought", () => {
    const accomplice = [
      ...normalActivity(),
      txn({ at: daysAgo(12), amountMinor: 6_000, type: "debit", counterparty: "merchant-9" }),
      txn({
        at: daysAgo(9),
        amountMinor: 120_000,
        type: "credit",
        category: "refund",
        counterparty: "merchant-9",
      }),
      txn({
        at: daysAgo(6),
        amountMinor: 80_000,
        type: "credit",
        category: "refund",
        counterparty: "merchant-9",
      }),
    ];
    const signal = run("refund_beyond_purchase", accomplice).signal;
    expect(signal?.triggered).toBe(true);
    // Excess derived: 2,000.00 refunded against 60.00 bought.
    expect(signal.evidence[0].observed).toBe(money(120_000 + 80_000 - 6_000));
  });
});
