import { describe, expect, it } from "vitest";
import { ruleById } from "../../detection/domain/aml/rules";
import { mergeThresholds } from "../../detection/domain/aml/thresholds";
import { type EntityTx, entityFeatures, profileWindowStart, readStart } from "./entity-features";
import { evaluateRules } from "./evaluate";

/**
 * AML-BIZ-011 reads cash against the declared business over its own profile window
 * (profileWindowDays up to the screening window's end) as well as over the window itself: a
 * 60-day backfill's older cash is judged as of now (docs/methodology/aml.md).
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
// 31-60 days before: cash of 30,000 out of 33,000 moved (what a backfill brings).
const older = [tx(ago(55), 300_000, false), tx(ago(50), 1_500_000, true), tx(ago(40), 1_500_000, true)];

describe("AML-BIZ-011 over the profile window", () => {
  it("fires on cash out of line with the business 31-60 days back, naming the window", () => {
    const { features, outcome } = judge([...older, ...recent], "Software consulting");
    // Expected from the rows: cash 3,000,000 of 4,800,000 minor in the last 90 days.
    expect(features.profileCashVolumeMinor).toBe(3_000_000);
    expect(features.profileVolumeMinor).toBe(4_800_000);
    expect(features.cashVolumeMinor).toBe(0);
    expect(outcome.triggered).toBe(true);
    expect(outcome.explanation).toContain("62.5% of volume over the last 90 days");
    expect(outcome.counterfactual?.statement).toContain("over the last 90 days");
    expect(outcome.evidence[0]).toMatchObject({ field: "cashSharePercent", observed: "62.5" });
    expect(outcome.counterfactual?.flipValue).toBe(62.5);
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
  });

  it("stays quiet when the profile window is the evaluated window's (profileWindowDays 30)", () => {
    const { features, outcome } = judge([...older, ...recent], "Software consulting", {
      profileWindowDays: 30,
    });
    expect(features.profileCashVolumeMinor).toBe(0);
    expect(outcome.triggered).toBe(false);
  });

  it("counts a transaction at the window's first instant and not one a millisecond before", () => {
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
