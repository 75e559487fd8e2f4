import { round2 } from "../../../lib/numbers";
import { type ActivityView, firstAtOrAfter, money, ratio } from "./activity";
import { isRefund } from "./signals-volume";
import type { SignalOutcome, Txn } from "./types";

type P = Record<string, number>;

/** The largest total of debits in any `spanMs` span of `debits` (in time order). */
function largestSpanTotal(debits: Txn[], spanMs: number): number {
  let [best, sum, from] = [0, 0, 0];
  for (const t of debits) {
    sum += t.amountMinor;
    while (t.at - debits[from].at > spanMs) sum -= debits[from++].amountMinor;
    best = Math.max(best, sum);
  }
  return best;
}

/** Sum of credits with from <= at <= to, by prefix sums over `txns` (in time order). */
function creditsBetween(txns: Txn[]): (from: number, to: number) => number {
  const credits = txns.filter((t) => t.type === "credit");
  const prefix = [0];
  for (const t of credits) prefix.push(prefix[prefix.length - 1] + t.amountMinor);
  return (from, to) => prefix[firstAtOrAfter(credits, to + 1)] - prefix[firstAtOrAfter(credits, from)];
}

/**
 * Account takeover's drain: within one span (24 h by default) of the window, debits to payees the
 * entity never paid or received from before, to several of them, for far more than the entity
 * ever sent out in such a span before, not funded by money that just arrived, and mostly at hours
 * of day the entity does not transact. An established history is required: a new account has no
 * "before" to read a takeover against (new_entity_high_activity covers it).
 */
/** Days of the entity's own history a takeover is read against (docs/methodology/fraud.md#new-payee-drain). */
export const TAKEOVER_BASELINE_DAYS = 30;

export function newPayeeDrain(view: ActivityView, p: P): SignalOutcome {
  const spanMs = p.spanHours * 3_600_000;
  const baselineDebits = view.baseline.filter((t) => t.type === "debit");
  const usualSpanOut = largestSpanTotal(baselineDebits, spanMs);
  const threshold = Math.max(p.minAmountMinor, Math.ceil(p.baselineMultiple * usualSpanOut));
  // An established normal: enough transactions, over at least a month of the entity's history.
  // A past window of a short backfill (monitoring's event time) has two weeks behind it, in which
  // every payee is new and the off hours are most hours: 4 false takeovers on the benchmark.
  const established =
    view.baseline.length >= p.minBaselineCount && view.baselineSpanDays >= TAKEOVER_BASELINE_DAYS;
  const known = new Set(view.baseline.map((t) => t.counterparty).filter((c): c is string => c !== null));
  // Sliding span over the window's debits to payees unknown when they were paid.
  const fresh: Txn[] = [];
  for (const t of view.window) {
    if (t.counterparty === null) continue;
    if (t.type === "debit" && !known.has(t.counterparty)) fresh.push(t);
    known.add(t.counterparty);
  }
  // A payout funded by money that arrived recently (a season's finance paid to farmers over weeks,
  // a salary sent on) is not a drain: a drain empties savings, more than came in of late.
  const fundingMs = p.fundingHours * 3_600_000;
  const inflowBetween = creditsBetween([...view.baseline, ...view.window]);
  let best = { total: 0, payees: 0, from: 0, to: 0, funded: 0 };
  // Takeovers happen when the owner is not transacting: hours of day that hold under
  // `rareHourShare` of the entity's baseline (in the tenant's time zone) are its off hours.
  const hourOf = (at: number) => new Date(at + view.utcOffsetMinutes * 60_000).getUTCHours();
  const hourCounts = new Array<number>(24).fill(0);
  for (const t of view.baseline) hourCounts[hourOf(t.at)]++;
  const offHours = (t: Txn) => hourCounts[hourOf(t.at)] < p.rareHourShare * view.baseline.length;
  let [sum, off, first] = [0, 0, 0];
  const inSpan = new Map<string | null, number>();
  const move = (t: Txn, by: number) => {
    const n = (inSpan.get(t.counterparty) ?? 0) + by;
    if (n) inSpan.set(t.counterparty, n);
    else inSpan.delete(t.counterparty);
  };
  for (let i = 0; i < fresh.length; i++) {
    sum += fresh[i].amountMinor;
    if (offHours(fresh[i])) off += fresh[i].amountMinor;
    move(fresh[i], 1);
    while (fresh[i].at - fresh[first].at > spanMs) {
      sum -= fresh[first].amountMinor;
      if (offHours(fresh[first])) off -= fresh[first].amountMinor;
      move(fresh[first++], -1);
    }
    if (inSpan.size < p.minNewPayees || sum <= best.total || off < p.minOffHoursShare * sum) continue;
    const funded = inflowBetween(fresh[first].at - fundingMs, fresh[i].at);
    if (funded < p.maxFundedShare * sum)
      best = { total: sum, payees: inSpan.size, from: fresh[first].at, to: fresh[i].at, funded };
  }
  const triggered = established && best.total >= threshold;
  const span = `${p.spanHours} hours`;
  return {
    triggered,
    evidence: [
      {
        field: "newPayeeOutflow",
        observed: money(best.total),
        expected: `under ${money(threshold)}`,
        threshold: money(threshold),
        context: `debits to ${best.payees} payees never seen before, within ${span}${best.total ? ` (${new Date(best.from).toISOString()} to ${new Date(best.to).toISOString()})` : ""}; the threshold is the larger of ${money(p.minAmountMinor)} and ${p.baselineMultiple} x the most the entity sent out in ${span} in its baseline (${money(usualSpanOut)}); at least ${p.minNewPayees} new payees and ${p.minBaselineCount} baseline transactions (${view.baseline.length}) needed; credits in the ${p.fundingHours} hours before and during the span (${money(best.funded)}) must stay under ${Math.round(p.maxFundedShare * 100)}% of it, and at least ${Math.round(p.minOffHoursShare * 100)}% of it must leave at hours of day that hold under ${Math.round(p.rareHourShare * 100)}% of the baseline`,
        deviation: ratio(best.total, threshold),
      },
    ],
    explanation: triggered
      ? `${money(best.total)} left to ${best.payees} new payees within ${span}, against at most ${money(usualSpanOut)} sent out in such a span before.`
      : !established
        ? `Under ${p.minBaselineCount} baseline transactions or ${TAKEOVER_BASELINE_DAYS} days of history: no established pattern to read a takeover against.`
        : `${money(best.total)} to new payees within ${span} (at least ${p.minNewPayees} of them): below ${money(threshold)}.`,
    counterfactual: triggered
      ? `Would not trigger if under ${money(threshold)} had gone to new payees within ${span}, or the money had gone to fewer than ${p.minNewPayees} new payees or to payees seen before, or had arrived within ${p.fundingHours} hours before it left, or had left at hours the entity usually transacts.`
      : null,
    confidence: 1,
    deviation: triggered ? ratio(best.total, threshold) : 0,
  };
}

/**
 * Refund abuse: refunds exchanged with a counterparty far beyond what was bought from (or sold
 * to) it. A genuine refund returns at most what was paid; a merchant paying accomplices, or an
 * accomplice paid, many times their purchase is the pattern. Purchases are read over the baseline
 * and the window; refunds over the window.
 */
export function refundBeyondPurchase(view: ActivityView, p: P): SignalOutcome {
  const all = [...view.baseline, ...view.window];
  const windowStart = view.windowStart;
  const byParty = new Map<string, { refunds: number; refundCount: number; purchases: number }>();
  const entry = (c: string) => {
    const e = byParty.get(c) ?? { refunds: 0, refundCount: 0, purchases: 0 };
    byParty.set(c, e);
    return e;
  };
  for (const t of all) {
    if (t.counterparty === null) continue;
    if (isRefund(t)) {
      if (t.at < windowStart) continue;
      const e = entry(t.counterparty);
      e.refunds += t.amountMinor;
      e.refundCount++;
    } else entry(t.counterparty).purchases += t.amountMinor;
  }
  let [excess, refundCount, parties] = [0, 0, 0];
  for (const e of byParty.values()) {
    if (e.refunds === 0 || e.refunds < p.purchaseMultiple * e.purchases) continue;
    excess += e.refunds - e.purchases;
    refundCount += e.refundCount;
    parties++;
  }
  const triggered = refundCount >= p.minRefunds && excess >= p.minExcessMinor;
  return {
    triggered,
    evidence: [
      {
        field: "refundsBeyondPurchases",
        observed: money(excess),
        expected: `under ${money(p.minExcessMinor)}`,
        threshold: money(p.minExcessMinor),
        context: `${refundCount} refunds with ${parties} counterparties at ${p.purchaseMultiple} x or more what was bought from them (at least ${p.minRefunds} refunds needed)`,
        deviation: ratio(excess, p.minExcessMinor),
      },
    ],
    explanation: triggered
      ? `${refundCount} refunds with ${parties} counterparties exceed their purchases by ${money(excess)}.`
      : `Refunds beyond purchases: ${money(excess)} over ${refundCount} refunds, below the pattern.`,
    counterfactual: triggered
      ? `Would not trigger if refunds with each counterparty stayed under ${p.purchaseMultiple} x its purchases, or the excess were under ${money(p.minExcessMinor)}, or there were fewer than ${p.minRefunds} such refunds.`
      : null,
    confidence: view.baseline.length >= 5 ? 1 : 0.8,
    deviation: triggered ? round2(ratio(excess, p.minExcessMinor)) : 0,
  };
}
