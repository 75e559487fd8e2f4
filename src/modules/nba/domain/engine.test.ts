import { describe, expect, it } from "vitest";
import { emptyStanding, lookbackStart, standingOf } from "../../lending/domain/standing";
import { recommend } from "./engine";
import type { NbaFacts } from "./facts";
import { NBA_RULES } from "./rules";

const healthy: NbaFacts = {
  customerId: "c1",
  bhiSource: "stored",
  bhiOverall: 72,
  bhiBand: "good",
  trend: "stable",
  components: { liquidity: 90, volatility: 80, revenueStability: 85, expenseRatio: 90, paymentBehavior: 100 },
  alerts: [],
  metrics: { liquidityCoverPeriods: 2.5, expenseRatio: 0.7, failedDebitCount: 0 },
  cashFlow: {
    daysSinceLastTransaction: 2,
    creditCount: 12,
    inflowMinor: 1_200_000,
    topCounterpartyShare: 0.2,
    topCounterpartyName: "Market A",
  },
  repayment: emptyStanding(),
};
const ON = "2026-06-30";
/** Standing of one active loan whose oldest unpaid installment fell due `dpd` days before ON. */
const inArrears = (dpd: number, lateInstallments = 1) =>
  standingOf(
    [
      {
        status: "active",
        oldestUnpaidDueDate: new Date(Date.parse(`${ON}T00:00:00Z`) - dpd * 86_400_000)
          .toISOString()
          .slice(0, 10),
        lateInstallments,
      },
    ],
    ON,
  );
const types = (f: NbaFacts) => recommend(f).actions.map((a) => a.actionType);

describe("NBA rule catalog", () => {
  it("recommends nothing for a healthy, stable, active customer and counts every rule", () => {
    const r = recommend(healthy);
    expect(r).toEqual({ actions: [], evaluatedRules: NBA_RULES.length, matchedRules: 0 });
  });

  it("negative balance is a critical liquidity action, ranked first", () => {
    const r = recommend({
      ...healthy,
      components: { ...healthy.components!, liquidity: 0 },
      alerts: [
        { type: "cash_flow_volatility", severity: "warning" },
        { type: "negative_balance", severity: "critical" },
      ],
    });
    expect(r.actions.map((a) => [a.actionType, a.priority])).toEqual([
      ["liquidity_buffer", "critical"],
      ["cash_flow_coaching", "medium"],
    ]);
    expect(r.matchedRules).toBe(2);
  });

  it("low liquidity score without an alert is medium; below 20 is high", () => {
    const at = (liquidity: number) =>
      recommend({ ...healthy, components: { ...healthy.components!, liquidity } }).actions[0]?.priority;
    expect(at(40)).toBeUndefined();
    expect(at(39.99)).toBe("medium");
    expect(at(19.99)).toBe("high");
  });

  it("failed payments call for follow-up; critical failed-payment alerts make it critical", () => {
    const f = { ...healthy, alerts: [{ type: "failed_payments", severity: "warning" }] };
    expect(recommend(f).actions[0]).toMatchObject({
      actionType: "overdue_payment_follow_up",
      priority: "high",
    });
    const c = { ...healthy, alerts: [{ type: "failed_payments", severity: "critical" }] };
    expect(recommend(c).actions[0].priority).toBe("critical");
  });

  it("early contact for a loan 1-30 days past due; restructure only from 31 days, critical from 91", () => {
    const at = (dpd: number) =>
      recommend({ ...healthy, repayment: inArrears(dpd) }).actions.map((a) => [a.actionType, a.priority]);
    expect(at(0)).toEqual([]);
    expect(at(1)).toEqual([["arrears_early_contact", "high"]]);
    expect(at(30)).toEqual([["arrears_early_contact", "high"]]);
    expect(at(31)).toEqual([["restructure_offer", "high"]]);
    expect(at(90)).toEqual([["restructure_offer", "high"]]);
    expect(at(91)).toEqual([["restructure_offer", "critical"]]);
    // A critical BHI band makes a 31+ restructure critical too.
    const weak = { ...healthy, bhiOverall: 20, bhiBand: "critical" as const };
    expect(recommend({ ...weak, repayment: inArrears(40) }).actions[0]).toMatchObject({
      actionType: "restructure_offer",
      priority: "critical",
    });
  });

  it("no restructure without a loan in arrears, however low and declining the BHI", () => {
    const declining = {
      ...healthy,
      trend: "declining" as const,
      bhiOverall: 20,
      bhiBand: "critical" as const,
    };
    expect(types(declining)).not.toContain("restructure_offer");
    expect(types({ ...declining, repayment: inArrears(0) })).not.toContain("restructure_offer");
  });

  it("credit-line increase needs excellent and improving, no critical alert and a clean repayment record", () => {
    const excellent = {
      ...healthy,
      bhiOverall: 88,
      bhiBand: "excellent" as const,
      trend: "improving" as const,
    };
    expect(types(excellent)).toEqual(["credit_line_increase"]);
    expect(types({ ...excellent, trend: "stable" })).toEqual([]);
    expect(types({ ...excellent, alerts: [{ type: "overdraft", severity: "critical" }] })).not.toContain(
      "credit_line_increase",
    );
    // A loan repaid on time keeps the offer; one late instalment in the lookback, a loan in
    // arrears or a written-off loan withdraws it.
    const onTime = inArrears(0, 0);
    expect(types({ ...excellent, repayment: onTime })).toEqual(["credit_line_increase"]);
    expect(types({ ...excellent, repayment: inArrears(0, 1) })).toEqual([]);
    expect(types({ ...excellent, repayment: inArrears(3, 0) })).toEqual(["arrears_early_contact"]);
    const writtenOff = standingOf(
      [{ status: "written_off", oldestUnpaidDueDate: null, lateInstallments: 0 }],
      ON,
    );
    expect(types({ ...excellent, repayment: writtenOff })).toEqual([]);
  });

  it("the clean-record lookback starts six calendar months back, clamped to the month's end", () => {
    expect(lookbackStart("2026-06-30")).toBe("2025-12-30");
    expect(lookbackStart("2026-08-31")).toBe("2026-02-28");
    expect(lookbackStart("2026-01-15")).toBe("2025-07-15");
  });

  it("concentration: half of inflow from one payer with at least 5 credits; three quarters is high", () => {
    const at = (share: number, creditCount = 12) =>
      recommend({ ...healthy, cashFlow: { ...healthy.cashFlow, topCounterpartyShare: share, creditCount } })
        .actions[0];
    expect(at(0.49)).toBeUndefined();
    expect(at(0.5)).toMatchObject({ actionType: "concentration_warning", priority: "medium" });
    expect(at(0.8)?.priority).toBe("high");
    expect(at(0.9, 4)).toBeUndefined();
  });

  it("dormant outreach after 30 days without a transaction, or with none at all", () => {
    const at = (days: number | null) =>
      recommend({ ...healthy, cashFlow: { ...healthy.cashFlow, daysSinceLastTransaction: days } }).actions[0];
    expect(at(29)).toBeUndefined();
    expect(at(30)).toMatchObject({ actionType: "dormant_account_outreach", priority: "low" });
    expect(at(90)?.priority).toBe("medium");
    expect(at(null)?.actionType).toBe("dormant_account_outreach");
  });

  it("is deterministic: ids are rule and customer; confidence falls with an override or no BHI", () => {
    const f: NbaFacts = { ...healthy, alerts: [{ type: "expenses_exceed_income", severity: "warning" }] };
    const a = recommend(f).actions[0];
    expect(a.id).toBe("NBA-EXP-001:c1");
    expect(recommend(f)).toEqual(recommend(f));
    expect(a.confidence).toBe(0.75);
    expect(recommend({ ...f, bhiSource: "override" }).actions[0].confidence).toBe(0.68);
    expect(recommend({ ...f, bhiSource: "none" }).actions[0].confidence).toBe(0.6);
  });
});
