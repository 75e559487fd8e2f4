import { round2 } from "../../../lib/numbers";
import { isAgentFloatLeg } from "../../data/domain/agent-float";
import { type ActivityView, DAY_MS, hourOfDay, money, pct, ratio, sumMinor } from "./activity";
import { gateByPeers } from "./peer-gate";
import type { SignalOutcome, Txn } from "./types";

type P = Record<string, number>;
const HOUR_MS = 3_600_000;

export function dormantReactivation(view: ActivityView, p: P): SignalOutcome {
  // The largest silence before window activity, counting from the last activity before it.
  const points = [
    ...(view.lastBeforeWindowAt !== null ? [view.lastBeforeWindowAt] : []),
    ...view.window.map((t) => t.at),
  ];
  let gapDays = 0;
  let countAfter = 0;
  for (let i = 1; i < points.length; i++) {
    const gap = (points[i] - points[i - 1]) / DAY_MS;
    if (gap > gapDays) {
      gapDays = gap;
      countAfter = points.length - i;
    }
  }
  gapDays = round2(gapDays);
  const triggered = gapDays >= p.dormantDays && countAfter >= p.minCountAfter;
  return {
    triggered,
    evidence: [
      {
        field: "daysInactiveBeforeReactivation",
        observed: String(gapDays),
        expected: `under ${p.dormantDays}`,
        threshold: String(p.dormantDays),
        context: `${countAfter} transactions after the longest silence (at least ${p.minCountAfter} needed)`,
        deviation: ratio(gapDays, p.dormantDays),
      },
    ],
    explanation: triggered
      ? `Activity resumed after ${gapDays} days without transactions, with ${countAfter} transactions since.`
      : points.length < 2
        ? "Not enough activity to measure a dormant period."
        : `Longest silence ${gapDays} days with ${countAfter} transactions after it: not a dormant reactivation.`,
    counterfactual: triggered
      ? `Would not trigger if the entity had been active within ${p.dormantDays} days before resuming (it was silent ${gapDays} days), or had fewer than ${p.minCountAfter} transactions after the gap.`
      : null,
    confidence: view.lastBeforeWindowAt === null ? 0.8 : 1,
    deviation: triggered ? ratio(gapDays, p.dormantDays) : 0,
  };
}

export function newEntityHighActivity(view: ActivityView, p: P): SignalOutcome {
  if (view.entityAgeDays === null)
    return {
      triggered: false,
      evidence: [],
      explanation: "Creation date unknown.",
      counterfactual: null,
      confidence: 0.5,
      deviation: 0,
    };
  const age = round2(view.entityAgeDays);
  const count = view.window.length;
  const amount = sumMinor(view.window);
  const isNew = age <= p.newDays;
  const busy = count >= p.minCount || amount >= p.minAmountMinor;
  const triggered = isNew && busy;
  const deviation = Math.max(ratio(count, p.minCount), ratio(amount, p.minAmountMinor));
  return {
    triggered,
    evidence: [
      {
        field: "entityAgeDays",
        observed: String(age),
        expected: `over ${p.newDays}`,
        threshold: String(p.newDays),
        context: "days since the entity was created or first transacted, whichever is earlier",
        deviation: ratio(p.newDays, Math.max(age, 0.01)),
      },
      {
        field: "transactionCount",
        observed: String(count),
        expected: `under ${p.minCount}`,
        threshold: String(p.minCount),
        context: "transactions in the window",
        deviation: ratio(count, p.minCount),
      },
      {
        field: "transactionAmount",
        observed: money(amount),
        expected: `under ${money(p.minAmountMinor)}`,
        threshold: money(p.minAmountMinor),
        context: "amount moved in the window",
        deviation: ratio(amount, p.minAmountMinor),
      },
    ],
    explanation: triggered
      ? `Created or first active ${age} days ago and already ${count} transactions worth ${money(amount)}.`
      : isNew
        ? `New (${age} days) but activity is modest: ${count} transactions, ${money(amount)}.`
        : `Entity is ${age} days old: not new.`,
    counterfactual: triggered
      ? `Would not trigger if the entity were older than ${p.newDays} days, or had fewer than ${p.minCount} transactions and under ${money(p.minAmountMinor)} in the window.`
      : null,
    confidence: 1,
    deviation: triggered ? deviation : 0,
  };
}

/** Debits matched FIFO against credits received within holdHours before them. */
function passThroughAmount(window: Txn[], holdMs: number): number {
  const open: Array<{ at: number; left: number }> = [];
  let matched = 0;
  // The window is in time order and credits are used oldest first, so the credits used up or past
  // the hold are a prefix of `open` that no later debit can use: skipped once, not per debit.
  let first = 0;
  for (const t of window) {
    if (t.type === "credit") {
      open.push({ at: t.at, left: t.amountMinor });
      continue;
    }
    while (first < open.length && (open[first].left <= 0 || t.at - open[first].at > holdMs)) first++;
    let need = t.amountMinor;
    for (let i = first; i < open.length; i++) {
      const credit = open[i];
      if (need <= 0) break;
      if (credit.left <= 0 || t.at - credit.at > holdMs) continue;
      const take = Math.min(need, credit.left);
      credit.left -= take;
      need -= take;
      matched += take;
    }
  }
  return matched;
}

export function rapidPassThrough(view: ActivityView, p: P): SignalOutcome {
  // An agent's float (top-ups, sweeps, the wallet's side of cash it serves) is its working stock,
  // not money passing through it (data/domain/agent-float.ts).
  const moves = view.window.filter((t) => !isAgentFloatLeg(t.type, t.category));
  const credits = moves.filter((t) => t.type === "credit");
  const inflow = sumMinor(credits);
  const out = passThroughAmount(moves, p.holdHours * HOUR_MS);
  const share = inflow ? out / inflow : 0;
  const triggered = credits.length >= p.minCredits && inflow >= p.minInflowMinor && share >= p.minRatio;
  const needed = Math.ceil(inflow * p.minRatio);
  return {
    triggered,
    evidence: [
      {
        field: "passThroughRatio",
        observed: String(round2(share)),
        expected: `under ${p.minRatio}`,
        threshold: String(p.minRatio),
        context: `${money(out)} of ${money(inflow)} credited (${credits.length} credits) left as debits within ${p.holdHours} hours`,
        deviation: ratio(share, p.minRatio),
      },
    ],
    explanation: triggered
      ? `${pct(share)} of inflows (${money(out)} of ${money(inflow)}) left again within ${p.holdHours} hours.`
      : `${pct(share)} of ${money(inflow)} inflows left within ${p.holdHours} hours: not a pass-through pattern.`,
    counterfactual: triggered
      ? `Would not trigger if less than ${money(needed)} (${pct(p.minRatio)} of inflows) had left within ${p.holdHours} hours of arriving.`
      : null,
    confidence: 1,
    deviation: triggered ? ratio(share, p.minRatio) : 0,
  };
}

/** Hours of the tenant's day (its time zone's offset at evaluation time; UTC by default). */
const inHours = (t: Txn, p: P, offsetMinutes: number) => {
  const h = hourOfDay(t.at, offsetMinutes);
  return h >= p.startHourUtc && h < p.endHourUtc;
};

export function unusualHours(view: ActivityView, p: P): SignalOutcome {
  const offset = view.utcOffsetMinutes;
  const odd = view.window.filter((t) => inHours(t, p, offset));
  const share = view.window.length ? odd.length / view.window.length : 0;
  const baselineShare = view.baseline.length
    ? view.baseline.filter((t) => inHours(t, p, offset)).length / view.baseline.length
    : 0;
  const thresholdShare = round2(Math.max(p.minShare, p.baselineMultiple * baselineShare));
  const triggered = odd.length >= p.minCount && share >= thresholdShare;
  const window = `${String(p.startHourUtc).padStart(2, "0")}:00-${String(p.endHourUtc).padStart(2, "0")}:00 ${view.timeZone}`;
  return {
    triggered,
    evidence: [
      {
        field: "offHoursShare",
        observed: String(round2(share)),
        expected: String(round2(baselineShare)),
        threshold: String(thresholdShare),
        context: `${odd.length} of ${view.window.length} transactions between ${window} (at least ${p.minCount} needed); expected is the baseline share`,
        deviation: ratio(share, thresholdShare),
      },
    ],
    explanation: triggered
      ? `${pct(share)} of transactions (${odd.length}) happen between ${window}, against ${pct(baselineShare)} in the baseline.`
      : `${odd.length} transactions between ${window} (${pct(share)}): within the usual pattern.`,
    counterfactual: triggered
      ? `Would not trigger if under ${pct(thresholdShare)} of transactions (or fewer than ${p.minCount}) fell between ${window}.`
      : null,
    confidence: view.baseline.length >= 5 ? 1 : 0.7,
    deviation: triggered ? ratio(share, thresholdShare) : 0,
  };
}

/** A counterparty as compared (trimmed, lower case; "" for none), each distinct text normalised once. */
function counterparties(): (t: Txn) => string {
  const known = new Map<string, string>();
  return (t) => {
    if (t.counterparty === null) return "";
    let c = known.get(t.counterparty);
    if (c === undefined) {
      c = t.counterparty.trim().toLowerCase();
      known.set(t.counterparty, c);
    }
    return c;
  };
}

function distinctCounterparties(txns: Txn[], counterpartyOf: (t: Txn) => string): number {
  const seen = new Set<string>();
  for (const t of txns) {
    const c = counterpartyOf(t);
    if (c) seen.add(c);
  }
  return seen.size;
}

export function manyCounterparties(view: ActivityView, p: P): SignalOutcome {
  const counterpartyOf = counterparties();
  const observed = distinctCounterparties(view.recent, counterpartyOf);
  return gateByPeers(
    ownManyCounterparties(view, p, observed, counterpartyOf),
    observed,
    view,
    "counterparties7",
    p.peerMadMultiple,
    String,
  );
}

function ownManyCounterparties(
  view: ActivityView,
  p: P,
  observed: number,
  counterpartyOf: (t: Txn) => string,
): SignalOutcome {
  // Baseline: mean distinct counterparties per recentDays-long bucket of the baseline the entity's
  // history covers, counted back from the window start, in one pass (bucket b holds
  // windowStart - (b + 1) * bucketMs <= at < windowStart - b * bucketMs).
  const bucketMs = view.recentDays * DAY_MS;
  const buckets = Math.max(1, Math.floor((view.baselineSpanDays * DAY_MS) / bucketMs));
  const seen = Array.from({ length: buckets }, () => new Set<string>());
  for (const t of view.baseline) {
    const b = Math.floor((view.windowStart - 1 - t.at) / bucketMs);
    const counterparty = counterpartyOf(t);
    if (b >= 0 && b < buckets && counterparty) seen[b].add(counterparty);
  }
  const totalDistinct = seen.reduce((n, set) => n + set.size, 0);
  const expected = round2(totalDistinct / buckets);
  const threshold = Math.max(p.minDistinct, Math.ceil(p.baselineMultiple * expected));
  const triggered = observed >= threshold;
  return {
    triggered,
    evidence: [
      {
        field: "distinctCounterparties",
        observed: String(observed),
        expected: String(expected),
        threshold: String(threshold),
        context: `distinct counterparties in the last ${view.recentDays} days; expected is the baseline mean per ${view.recentDays} days`,
        deviation: ratio(observed, threshold),
      },
    ],
    explanation: triggered
      ? `${observed} distinct counterparties in the last ${view.recentDays} days against a usual ${expected}.`
      : `${observed} distinct counterparties in the last ${view.recentDays} days, below ${threshold}.`,
    counterfactual: triggered
      ? `Would not trigger if there were fewer than ${threshold} distinct counterparties in the last ${view.recentDays} days.`
      : null,
    confidence: view.baseline.length >= 5 ? 1 : 0.7,
    deviation: ratio(observed, threshold),
  };
}
