import { describe, expect, it } from "vitest";
import { round2 } from "../../../lib/numbers";
import { type AlertInput, alertsFor, ALERT_THRESHOLDS as T } from "./alerts";

/** Metrics of a healthy customer: no rule fires. */
const healthy = {
  balance: 5_000,
  outflow: 7_500,
  liquidityCoverPeriods: 2,
  expenseRatio: 0.75,
  revenueCv: 0.1,
  inflowPeriod2: 10_000,
  revenueChangePercent: 0,
  volatilityRatio: 0.2,
  failedPaymentRate: 0.01,
  overdraftCount: 0,
};
const input = (metrics: Partial<typeof healthy>, more: Partial<AlertInput> = {}): AlertInput => ({
  metrics: { ...healthy, ...metrics } as Record<string, number>,
  overall: 70,
  previous: null,
  riskAlertThreshold: 40,
  ...more,
});
const types = (i: AlertInput) => alertsFor(i).map((a) => a.type);

describe("alertsFor", () => {
  it("raises nothing for a healthy customer", () => {
    expect(alertsFor(input({}))).toEqual([]);
  });

  it("lists every alert in the fixed order", () => {
    const all = input(
      {
        balance: -1,
        expenseRatio: T.expenseRatioCritical,
        revenueCv: T.revenueCvWarning + 0.01,
        revenueChangePercent: T.revenueDropPercent,
        volatilityRatio: T.volatilityRatioWarning + 0.01,
        failedPaymentRate: T.failedRateCritical,
        overdraftCount: 2,
      },
      { previous: 50, overall: 50 - T.bhiDropPoints, riskAlertThreshold: 45 },
    );
    expect(types(all)).toEqual([
      "negative_balance",
      "expenses_exceed_income",
      "unstable_revenue",
      "revenue_decline",
      "cash_flow_volatility",
      "failed_payments",
      "overdraft",
      "bhi_drop",
      "below_risk_threshold",
    ]);
  });

  it("a negative balance replaces the low-liquidity warning", () => {
    expect(types(input({ balance: -1, liquidityCoverPeriods: 0 }))).toEqual(["negative_balance"]);
    expect(alertsFor(input({ liquidityCoverPeriods: 0.4 }))[0]).toMatchObject({
      type: "low_liquidity",
      currentValue: 0.4,
      threshold: T.lowLiquidityCover,
    });
    expect(types(input({ liquidityCoverPeriods: T.lowLiquidityCover }))).toEqual([]);
  });

  it("expense ratio: warning above 1, critical from 1.3, infinite when nothing came in", () => {
    expect(types(input({ expenseRatio: T.expenseRatioWarning }))).toEqual([]);
    expect(alertsFor(input({ expenseRatio: 1.1 }))[0]).toMatchObject({
      severity: "warning",
      threshold: T.expenseRatioWarning,
      message: "Outflow is 110% of inflow over the window.",
    });
    expect(alertsFor(input({ expenseRatio: T.expenseRatioCritical }))[0]).toMatchObject({
      severity: "critical",
      threshold: T.expenseRatioCritical,
    });
    const noInflow = input({});
    delete noInflow.metrics.expenseRatio;
    expect(alertsFor(noInflow)[0]).toMatchObject({
      type: "expenses_exceed_income",
      severity: "critical",
      currentValue: healthy.outflow,
      message: "Money went out but none came in over the window.",
    });
  });

  it("revenue decline needs a previous period with inflow", () => {
    expect(types(input({ revenueChangePercent: T.revenueDropPercent }))).toEqual(["revenue_decline"]);
    expect(types(input({ revenueChangePercent: T.revenueDropPercent + 0.01 }))).toEqual([]);
    expect(types(input({ revenueChangePercent: -100, inflowPeriod2: 0 }))).toEqual([]);
  });

  it("failed payments: warning above 5%, critical from 15%", () => {
    expect(types(input({ failedPaymentRate: T.failedRateWarning }))).toEqual([]);
    expect(alertsFor(input({ failedPaymentRate: 0.1 }))[0]).toMatchObject({ severity: "warning" });
    expect(alertsFor(input({ failedPaymentRate: T.failedRateCritical }))[0]).toMatchObject({
      severity: "critical",
      message: "15.0% of outgoing payments failed or were returned.",
    });
  });

  it("BHI drop of at least 10 points, and the risk threshold", () => {
    const drop = alertsFor(input({}, { previous: 80.5, overall: 70.25 }));
    expect(drop).toEqual([
      expect.objectContaining({ type: "bhi_drop", currentValue: round2(70.25 - 80.5), threshold: -10 }),
    ]);
    expect(types(input({}, { previous: 80, overall: 70.01 }))).toEqual([]);
    expect(types(input({}, { overall: 39.99 }))).toEqual(["below_risk_threshold"]);
    expect(types(input({}, { overall: 40 }))).toEqual([]);
  });
});
