import { describe, expect, it } from "vitest";
import { ruleById } from "../../detection/domain/aml/rules";
import {
  DEFAULT_THRESHOLDS,
  mergeThresholds,
  validateThresholds,
} from "../../detection/domain/aml/thresholds";
import { type EntityTx, entityFeatures, profileWindowStart, readStart } from "./entity-features";
import { evaluateRules } from "./evaluate";

/**
 * AML-BIZ-011 reads cash against the declared business over its own profile window
 * (profileWindowDays up to the screening window's end) as well as over the window itself and the
 * previous window of the same length: a backfill's older cash is judged as of now
 * (docs/methodology/aml.md).
 */
const DAY = 86_400_000;
const END = "2026-06-30T23:59:59.999Z";
const ago = (days: number, ms = 0) => new Date(Date.parse(END) - days * DAY + ms).toISOString();
const WINDOW_START = ago(30);

const tx = (transactionDate: string, amountMinor: number, cash: boolean): EntityTx => ({
  transactionDate,
  type: cash ? "debit" : "credit",
  amountMinor,
  cash,
  country: null,
  float: false,
  other: cash ? null : "payer",
});

function judge(rows: EntityTx[], declared: string | null, overrides: Record<string, number> = {}) {
  const thresholds = mergeThresholds(overrides);
  const transactions = [...rows].sort((a, b) => (a.transactionDate < b.transactionDate ? -1 : 1));
  const features = entityFeatures(
    { transactions, lastBefore: null, declared },
    {
      entityType: "customer",
      entityId: "c1",
      windowStart: WINDOW_START,
      windowEnd: END,
      thresholds,
      highRiskCountries: [],
      homeCountry: "GH",
    },
  );
  const [outcome] = evaluateRules(features, [ruleById("AML-BIZ-011")!], thresholds, {
    highRiskCountries: [],
    at: END,
  });
  return { features, outcome: outcome! };
}

// The last 30 days: ordinary transfers in, no cash (the screening window alone is clean).
const recent = [tx(ago(20), 800_000, false), tx(ago(5), 700_000, false)];
// 31-60 days before: cash of 30,000 out of 40,000 moved (what a backfill brings).
const older = [tx(ago(55), 1_000_000, false), tx(ago(50), 1_500_000, true), tx(ago(40), 1_500_000, true)];
// 61-90 days before: the same, in the profile window only.
const oldest = [tx(ago(85), 1_000_000, false), tx(ago(80), 1_500_000, true), tx(ago(70), 1_500_000, true)];

describe("AML-BIZ-011 over the previous and the profile window", () => {
  it("fires on cash out of line with the business 31-60 days back, in the previous window", () => {
    const { features, outcome } = judge([...older, ...recent], "Software consulting");
    // Expected from the rows: 3,000,000 cash of 4,000,000 in [60, 30) days back; of 5,500,000 in 90.
    expect([features.priorCashVolumeMinor, features.priorVolumeMinor]).toEqual([3_000_000, 4_000_000]);
    expect([features.profileCashVolumeMinor, features.profileVolumeMinor]).toEqual([3_000_000, 5_500_000]);
    expect(features.cashVolumeMinor).toBe(0);
    expect(outcome.triggered).toBe(true);
    expect(outcome.explanation).toContain("75% of volume in the previous window");
    expect(outcome.evidence[0]).toMatchObject({ field: "cashSharePercent", observed: "75" });
    // Quiet once the cap passes the largest share read (75%, the previous window's).
    expect(outcome.counterfactual?.flipValue).toBe(75);
    expect(outcome.counterfactual?.statement).toContain("over the last 90 days");
  });

  it("fires on cash 61-90 days back over the profile window, naming it, and not with 60 days", () => {
    const { features, outcome } = judge([...oldest, ...recent], "Software consulting");
    expect(features.priorCashVolumeMinor).toBe(0);
    expect([features.profileCashVolumeMinor, features.profileVolumeMinor]).toEqual([3_000_000, 5_500_000]);
    expect(outcome.triggered).toBe(true);
    expect(outcome.explanation).toContain("54.55% of volume over the last 90 days");
    const short = judge([...oldest, ...recent], "Software consulting", { profileWindowDays: 60 });
    expect(short.features.profileCashVolumeMinor).toBe(0);
    expect(short.outcome.triggered).toBe(false);
  });

  it("fires on a recent burst the 90 days would dilute, reading the window itself", () => {
    // 30,000 cash in the window against 10,000 transfers; 60,000 of transfers before it.
    const rows = [tx(ago(80), 3_000_000, false), tx(ago(50), 3_000_000, false), tx(ago(10), 3_000_000, true)];
    const { features, outcome } = judge([...rows, tx(ago(5), 1_000_000, false)], "Software consulting");
    expect(features.profileCashVolumeMinor * 100).toBeLessThan(50 * features.profileVolumeMinor);
    expect(outcome.triggered).toBe(true);
    expect(outcome.explanation).toContain("75% of volume in the window");
  });

  it("stays quiet for a cash-intensive declared business", () => {
    expect(judge([...older, ...recent], "Market trading").outcome.triggered).toBe(false);
    expect(judge([...oldest, ...recent], "Market trading").outcome.triggered).toBe(false);
  });

  it("counts a transaction at the profile window's first instant and not one a millisecond before", () => {
    const start = profileWindowStart(END, mergeThresholds());
    expect(start).toBe(ago(90));
    const edge = [tx(ago(90), 2_500_000, true), ...recent];
    expect(judge(edge, null).features.profileCashVolumeMinor).toBe(2_500_000);
    expect(judge(edge, null).outcome.triggered).toBe(true);
    const outside = [tx(ago(90, -1), 2_500_000, true), ...recent];
    expect(judge(outside, null).features.profileCashVolumeMinor).toBe(0);
    expect(judge(outside, null).outcome.triggered).toBe(false);
  });

  it("reads from the earlier of the previous window and the profile window", () => {
    // 30-day window: previous window from 60 days back, profile from 90: the read starts at 90.
    expect(readStart(WINDOW_START, END, mergeThresholds())).toBe(ago(90));
    // 60-day window: previous window from 120 days back, earlier than the profile's 90.
    expect(readStart(ago(60), END, mergeThresholds())).toBe(ago(120));
  });
});

describe("profileWindowDays as a threshold", () => {
  it("defaults to 90 and takes whole days 7-180, naming the field otherwise", () => {
    expect(DEFAULT_THRESHOLDS.profileWindowDays).toBe(90);
    expect(validateThresholds({ profileWindowDays: 7 }, "thresholds")).toEqual([]);
    expect(validateThresholds({ profileWindowDays: 180 }, "thresholds")).toEqual([]);
    for (const bad of [6, 181, 30.5])
      expect(validateThresholds({ profileWindowDays: bad }, "thresholds").map((p) => p.path)).toEqual([
        "thresholds.profileWindowDays",
      ]);
    expect(ruleById("AML-BIZ-011")!.thresholdNames).toContain("profileWindowDays");
  });
});
