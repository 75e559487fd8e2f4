import { round2 } from "../../../lib/numbers";
import { type ActivityView, baselineRate, money, pct, ratio, sumMinor } from "./activity";
import { gateByPeers } from "./peer-gate";
import type { SignalOutcome, Txn } from "./types";

type P = Record<string, number>;

/** A thin baseline (under a week of history before the window) makes baseline multiples weak. */
const baselineConfidence = (view: ActivityView): number => (view.baseline.length >= 5 ? 1 : 0.7);

export const velocityCount = (view: ActivityView, p: P): SignalOutcome =>
  gateByPeers(
    ownVelocityCount(view, p),
    view.recent.length,
    view,
    "count7",
    p.peerMadMultiple,
    String,
    view.recentDays / 7,
  );

function ownVelocityCount(view: ActivityView, p: P): SignalOutcome {
  const observed = view.recent.length;
  const expected = round2(baselineRate(view, view.baseline.length, view.recentDays));
  const threshold = Math.max(p.minCount, Math.ceil(p.baselineMultiple * expected));
  const triggered = observed >= threshold;
  const period = `${view.recentDays}-day`;
  return {
    triggered,
    evidence: [
      {
        field: "transactionCount",
        observed: String(observed),
        expected: String(expected),
        threshold: String(threshold),
        context: `${period} count; expected is the baseline rate over the ${round2(view.baselineSpanDays)} days of history in the ${view.baselineDays} before the window`,
        deviation: ratio(observed, threshold),
      },
    ],
    explanation: triggered
      ? `${observed} transactions in the last ${view.recentDays} days, at or above the threshold of ${threshold} (baseline ${expected}).`
      : `${observed} transactions in the last ${view.recentDays} days, below the threshold of ${threshold}.`,
    counterfactual: triggered ? `Would not trigger if the ${period} count were below ${threshold}.` : null,
    confidence: baselineConfidence(view),
    deviation: ratio(observed, threshold),
  };
}

export const velocityAmount = (view: ActivityView, p: P): SignalOutcome =>
  gateByPeers(
    ownVelocityAmount(view, p),
    sumMinor(view.recent),
    view,
    "volume7",
    p.peerMadMultiple,
    money,
    view.recentDays / 7,
  );

function ownVelocityAmount(view: ActivityView, p: P): SignalOutcome {
  const observed = sumMinor(view.recent);
  const expected = Math.round(baselineRate(view, sumMinor(view.baseline), view.recentDays));
  const threshold = Math.max(p.minAmountMinor, Math.ceil(p.baselineMultiple * expected));
  const triggered = observed >= threshold;
  const period = `${view.recentDays}-day`;
  return {
    triggered,
    evidence: [
      {
        field: "transactionAmount",
        observed: money(observed),
        expected: money(expected),
        threshold: money(threshold),
        context: `${period} total of credits and debits; expected is the baseline rate`,
        deviation: ratio(observed, threshold),
      },
    ],
    explanation: triggered
      ? `${money(observed)} moved in the last ${view.recentDays} days, at or above ${money(threshold)} (baseline ${money(expected)}).`
      : `${money(observed)} moved in the last ${view.recentDays} days, below ${money(threshold)}.`,
    counterfactual: triggered
      ? `Would not trigger if the ${period} amount were below ${money(threshold)}.`
      : null,
    confidence: baselineConfidence(view),
    deviation: ratio(observed, threshold),
  };
}

/** Count-and-share signals: triggered when count >= minCount and count / total >= minShare. */
function countAndShare(total: number, count: number, p: P) {
  const threshold = Math.max(p.minCount, Math.ceil(p.minShare * total));
  return { threshold, triggered: total > 0 && count >= threshold, share: total ? count / total : 0 };
}

export function roundAmounts(view: ActivityView, p: P): SignalOutcome {
  const round = view.window.filter((t) => t.amountMinor >= p.unitMinor && t.amountMinor % p.unitMinor === 0);
  const { threshold, triggered, share } = countAndShare(view.window.length, round.length, p);
  return {
    triggered,
    evidence: [
      {
        field: "roundAmountCount",
        observed: String(round.length),
        expected: `under ${pct(p.minShare)} of ${view.window.length}`,
        threshold: String(threshold),
        context: `transactions that are exact multiples of ${money(p.unitMinor)}: ${pct(share)} of the window`,
        deviation: ratio(round.length, threshold),
      },
    ],
    explanation: triggered
      ? `${round.length} of ${view.window.length} transactions (${pct(share)}) are round multiples of ${money(p.unitMinor)}.`
      : `${round.length} of ${view.window.length} transactions are round amounts, below the threshold of ${threshold}.`,
    counterfactual: triggered
      ? `Would not trigger if fewer than ${threshold} of the ${view.window.length} transactions were round multiples of ${money(p.unitMinor)}.`
      : null,
    confidence: 1,
    deviation: ratio(round.length, threshold),
  };
}

export function justUnderThreshold(view: ActivityView, p: P): SignalOutcome {
  const upper = p.reportingThresholdMinor;
  const lower = Math.ceil(upper * (1 - p.bandPercent / 100));
  const hits = view.window.filter((t) => t.amountMinor >= lower && t.amountMinor < upper);
  const triggered = hits.length >= p.minCount;
  return {
    triggered,
    evidence: [
      {
        field: "justUnderThresholdCount",
        observed: String(hits.length),
        expected: "0",
        threshold: String(p.minCount),
        context: `transactions in [${money(lower)}, ${money(upper)}), just under the reporting threshold of ${money(upper)}; total ${money(sumMinor(hits))}`,
        deviation: ratio(hits.length, p.minCount),
      },
    ],
    explanation: triggered
      ? `${hits.length} transactions between ${money(lower)} and ${money(upper)}: amounts kept just under the reporting threshold.`
      : `${hits.length} transactions just under the reporting threshold, fewer than ${p.minCount}.`,
    counterfactual: triggered
      ? `Would not trigger if fewer than ${p.minCount} transactions fell in [${money(lower)}, ${money(upper)}).`
      : null,
    confidence: 1,
    deviation: ratio(hits.length, p.minCount),
  };
}

export const REFUND_PATTERN = /refund|revers|chargeback/i;

/** A refund, reversal or chargeback, by its category, status or description. */
export const isRefund = (t: Txn): boolean =>
  REFUND_PATTERN.test(t.category ?? "") ||
  REFUND_PATTERN.test(t.status) ||
  REFUND_PATTERN.test(t.description ?? "");

export function refundReversalAbuse(view: ActivityView, p: P): SignalOutcome {
  const refunds = view.window.filter(isRefund);
  const { threshold, triggered, share } = countAndShare(view.window.length, refunds.length, p);
  return {
    triggered,
    evidence: [
      {
        field: "refundReversalCount",
        observed: String(refunds.length),
        expected: `under ${pct(p.minShare)} of ${view.window.length}`,
        threshold: String(threshold),
        context: `refunds, reversals and chargebacks: ${pct(share)} of the window's transactions, ${money(sumMinor(refunds))} in all`,
        deviation: ratio(refunds.length, threshold),
      },
    ],
    explanation: triggered
      ? `${refunds.length} refunds or reversals out of ${view.window.length} transactions (${pct(share)}).`
      : `${refunds.length} refunds or reversals, below the threshold of ${threshold}.`,
    counterfactual: triggered
      ? `Would not trigger if there were fewer than ${threshold} refunds or reversals among the ${view.window.length} transactions.`
      : null,
    confidence: 1,
    deviation: ratio(refunds.length, threshold),
  };
}
