import { CLEAN_RECORD_MONTHS, hasCleanRecord, loansInArrears } from "../../lending/domain/standing";
import type { NbaRule } from "./facts";

/**
 * The rules that read the customer's loans (docs/methodology/nba.md#loans): days past due and
 * buckets come from the lending module (oldest unpaid installment), never from BHI guesses.
 */
export const LENDING_THRESHOLDS = {
  /** A loan this many days past due or more calls for a restructure (the 31-60 bucket onward). */
  restructureMinDpd: 31,
  /** From here (the 90+ bucket) the restructure is critical. */
  criticalDpd: 91,
  creditLineMinBhi: 80,
} as const;

const L = LENDING_THRESHOLDS;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const arrearsEarlyContact: NbaRule = {
  id: "NBA-ARR-001",
  evaluate(f) {
    const early = f.repayment.byBucket["1-30"];
    if (early === 0) return null;
    return {
      actionType: "arrears_early_contact",
      title: "Contact the customer about a missed instalment",
      description: `${plural(early, "loan")} 1-30 days past due: an instalment was missed recently and the arrears are still small.`,
      priority: "high",
      category: "collections",
      suggestedSteps: [
        "Call or message the customer within 48 hours of the missed due date",
        "Confirm the amount overdue and agree a date to pay it",
        "Check whether the due dates fall before the customer's main inflows",
      ],
      expectedImpact: "Most early arrears cure after one contact; fewer loans roll into 31-60 days",
      baseConfidence: 0.85,
    };
  },
};

export const restructureOffer: NbaRule = {
  id: "NBA-RST-001",
  evaluate(f) {
    const dpd = f.repayment.maxDaysPastDue;
    if (dpd < L.restructureMinDpd) return null;
    const late = loansInArrears(f.repayment) - f.repayment.byBucket["1-30"];
    const bhi = f.bhiOverall === null ? "" : ` BHI ${f.bhiOverall.toFixed(2)} (${f.bhiBand}).`;
    return {
      actionType: "restructure_offer",
      title: "Offer a loan restructure",
      description: `${plural(late, "loan")} more than 30 days past due (the oldest ${dpd} days): repayments at the current schedule are not being met.${bhi}`,
      priority: dpd >= L.criticalDpd || f.bhiBand === "critical" ? "critical" : "high",
      category: "credit",
      suggestedSteps: [
        "Review the loans in arrears and the customer's current inflows",
        "Propose a longer tenor or a grace period matched to current inflows",
        "Re-assess the loan's days past due 4 weeks after the restructure",
      ],
      expectedImpact: "Lower repayment burden; reduced probability of default while cash flow recovers",
      baseConfidence: 0.8,
    };
  },
};

export const creditLineIncrease: NbaRule = {
  id: "NBA-CLI-001",
  evaluate(f) {
    if (f.bhiOverall === null || f.bhiOverall < L.creditLineMinBhi || f.trend !== "improving") return null;
    if (f.alerts.some((a) => a.severity === "critical")) return null;
    // A clean repayment record: nothing in arrears, nothing paid late lately, nothing written off.
    if (!hasCleanRecord(f.repayment)) return null;
    const record =
      f.repayment.loans === 0
        ? "no loans yet"
        : `${plural(f.repayment.loans, "loan")} repaid on time for the last ${CLEAN_RECORD_MONTHS} months`;
    return {
      actionType: "credit_line_increase",
      title: "Offer a credit-line increase",
      description: `BHI ${f.bhiOverall.toFixed(2)} (excellent) and improving with no critical alerts; ${record}.`,
      priority: "medium",
      category: "growth",
      suggestedSteps: [
        "Pre-approve an increase sized to one period of average inflow",
        "Send the offer through the customer's preferred channel",
      ],
      expectedImpact: "Higher facility usage by a low-risk customer",
      baseConfidence: 0.8,
    };
  },
};
