import { round2 } from "../../../lib/numbers";
import { type ActivityView, DAY_MS, firstAtOrAfter, hourOfDay, money, ratio } from "./activity";
import { isRefund } from "./signals-volume";
import type { SignalOutcome, Txn } from "./types";

type P = Record<string, number>;

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
 * of day the entity does not transact (each hour read with its neighbours). Each such episode is judged as of its own start, against
 * the entity's history before it (the baseline and the window's earlier days): a drain late in a
 * window is read against the owner's days just before it, not against the baseline alone. An
 * established history is required: a new account has no "before" to read a takeover against
 * (new_entity_high_activity covers it).
 */
/**
 * A debit that takes cash out at an agent or ATM: the owner's money in the owner's hand (or the
 * thief's, but then it is no payee), so it is not one of a drain's new payees.
 */
const CASH_OUT_CATEGORIES = new Set(["cash_withdrawal", "cash_out", "atm", "withdrawal"]);
const isCashOut = (t: Txn) =>
  t.category !== null &&
  CASH_OUT_CATEGORIES.has(
    t.category
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_"),
  );

/** Days of the entity's own history a takeover is read against (docs/methodology/fraud.md#new-payee-drain). */
export const TAKEOVER_BASELINE_DAYS = 30;

/** The entity's normal as of one moment: what it did before it. */
interface NormalAt {
  /** Transactions before the moment. */
  count: number;
  /** Days of the entity's history before the moment (at most the read's baseline and window). */
  days: number;
  /** The most it sent out in any span before the moment. */
  usualSpanOut: number;
  /** Transactions per hour of day (tenant time) before the moment. */
  hourCounts: number[];
}

/**
 * Transactions at hour `hour` and the `spread` hours either side of it (wrapping at midnight): an
 * hour's neighbours smooth a short history, where one evening payment made 21:00 "usual" and 22:00
 * not (2 of the benchmark's takeovers had under half their drain at hours read as off).
 */
function nearHour(hourCounts: readonly number[], hour: number, spread: number): number {
  let n = 0;
  for (let k = -spread; k <= spread; k++) n += hourCounts[(hour + k + 24) % 24];
  return n;
}

export function newPayeeDrain(view: ActivityView, p: P): SignalOutcome {
  const spanMs = p.spanHours * 3_600_000;
  const history = [...view.baseline, ...view.window];
  // The hour of day in tenant time, by arithmetic (a Date per transaction was most of the cost).
  const offset = view.utcOffsetMinutes;
  const hourOf = (at: number) => hourOfDay(at, offset);
  // The entity's first known day: the baseline's covered days end at the window.
  const firstSeen =
    view.baselineSpanDays > 0
      ? view.windowStart - view.baselineSpanDays * DAY_MS
      : (history[0]?.at ?? view.windowStart);
  // The normal as of a moment, advanced in time order (episodes start no earlier than the last).
  const normal: NormalAt = { count: 0, days: 0, usualSpanOut: 0, hourCounts: new Array<number>(24).fill(0) };
  let [next, debitSum, debitFrom] = [0, 0, 0];
  const debits: Txn[] = [];
  const normalAt = (at: number): NormalAt => {
    for (; next < history.length && history[next].at < at; next++) {
      const t = history[next];
      normal.count++;
      normal.hourCounts[hourOf(t.at)]++;
      if (t.type !== "debit") continue;
      debits.push(t);
      debitSum += t.amountMinor;
      while (t.at - debits[debitFrom].at > spanMs) debitSum -= debits[debitFrom++].amountMinor;
      normal.usualSpanOut = Math.max(normal.usualSpanOut, debitSum);
    }
    normal.days = Math.max(0, (at - firstSeen) / DAY_MS);
    return normal;
  };
  // An established normal: enough transactions, over at least a month of the entity's history.
  // A past window of a short backfill (monitoring's event time) has two weeks behind it, in which
  // every payee is new and the off hours are most hours: 4 false takeovers on the benchmark.
  const established = (n: NormalAt) => n.count >= p.minBaselineCount && n.days >= TAKEOVER_BASELINE_DAYS;
  // A burst to `burstPayees` or more new payees needs only `burstMultiple` x the usual span: a
  // victim who once paid a large rent sent 1.2 x that to five new wallets in one night.
  const multipleFor = (payees: number) =>
    p.burstPayees > 0 && payees >= p.burstPayees ? p.burstMultiple : p.baselineMultiple;
  const thresholdOf = (n: NormalAt, payees = 0) =>
    Math.max(p.minAmountMinor, Math.ceil(multipleFor(payees) * n.usualSpanOut));
  const known = new Set<string>();
  for (const t of view.baseline) if (t.counterparty !== null) known.add(t.counterparty);
  // Sliding span over the window's debits to payees unknown when they were paid.
  const fresh: Txn[] = [];
  for (const t of view.window) {
    if (t.counterparty === null) continue;
    if (t.type === "debit" && !known.has(t.counterparty) && !isCashOut(t)) fresh.push(t);
    known.add(t.counterparty);
  }
  // A payout funded by money that arrived recently (a season's finance paid to farmers over weeks,
  // a salary sent on) is not a drain: a drain empties savings, more than came in of late.
  const fundingMs = p.fundingHours * 3_600_000;
  // Built at the first episode judged: most entities have none.
  let inflow: ((from: number, to: number) => number) | undefined;
  const inflowBetween = (from: number, to: number) => {
    inflow ??= creditsBetween(history);
    return inflow(from, to);
  };
  // The episode that goes furthest past its own threshold (or, when none is judged, the largest).
  let best = {
    total: 0,
    payees: 0,
    from: 0,
    to: 0,
    funded: 0,
    threshold: thresholdOf(normal),
    usual: 0,
    count: 0,
  };
  let judged = false;
  let [sum, first] = [0, 0];
  const inSpan = new Map<string | null, number>();
  const move = (t: Txn, by: number) => {
    const n = (inSpan.get(t.counterparty) ?? 0) + by;
    if (n) inSpan.set(t.counterparty, n);
    else inSpan.delete(t.counterparty);
  };
  for (let i = 0; i < fresh.length; i++) {
    sum += fresh[i].amountMinor;
    move(fresh[i], 1);
    while (fresh[i].at - fresh[first].at > spanMs) {
      sum -= fresh[first].amountMinor;
      move(fresh[first++], -1);
    }
    if (inSpan.size < p.minNewPayees) continue;
    const n = normalAt(fresh[first].at);
    if (!established(n)) continue;
    // Takeovers happen when the owner is not transacting: hours of day that hold, with their
    // `neighbourHours` either side, under `rareHourShare` of the entity's history before the
    // episode (tenant time) are its off hours.
    let off = 0;
    for (let j = first; j <= i; j++)
      if (nearHour(n.hourCounts, hourOf(fresh[j].at), p.neighbourHours) < p.rareHourShare * n.count)
        off += fresh[j].amountMinor;
    if (off < p.minOffHoursShare * sum) continue;
    const funded = inflowBetween(fresh[first].at - fundingMs, fresh[i].at);
    if (funded >= p.maxFundedShare * sum) continue;
    const threshold = thresholdOf(n, inSpan.size);
    if (judged && sum / threshold <= best.total / best.threshold) continue;
    judged = true;
    best = {
      total: sum,
      payees: inSpan.size,
      from: fresh[first].at,
      to: fresh[i].at,
      funded,
      threshold,
      usual: n.usualSpanOut,
      count: n.count,
    };
  }
  if (!judged) {
    const n = normalAt(view.now + 1);
    best = { ...best, threshold: thresholdOf(n), usual: n.usualSpanOut, count: n.count };
  }
  const threshold = best.threshold;
  const triggered = judged && best.total >= threshold;
  const span = `${p.spanHours} hours`;
  return {
    triggered,
    evidence: [
      {
        field: "newPayeeOutflow",
        observed: money(best.total),
        expected: `under ${money(threshold)}`,
        threshold: money(threshold),
        context: `debits to ${best.payees} payees never seen before, within ${span}${best.total ? ` (${new Date(best.from).toISOString()} to ${new Date(best.to).toISOString()})` : ""}; the threshold is the larger of ${money(p.minAmountMinor)} and ${p.baselineMultiple} x (${p.burstMultiple} x to ${p.burstPayees} or more new payees) the most the entity sent out in ${span} before it (${money(best.usual)}); at least ${p.minNewPayees} new payees, and ${p.minBaselineCount} transactions (${best.count}) over ${TAKEOVER_BASELINE_DAYS} days of history before it, needed; credits in the ${p.fundingHours} hours before and during the span (${money(best.funded)}) must stay under ${Math.round(p.maxFundedShare * 100)}% of it, and at least ${Math.round(p.minOffHoursShare * 100)}% of it must leave at hours of day that hold (with the ${p.neighbourHours} hours either side) under ${Math.round(p.rareHourShare * 100)}% of the entity's transactions before it`,
        deviation: ratio(best.total, threshold),
      },
    ],
    explanation: triggered
      ? `${money(best.total)} left to ${best.payees} new payees within ${span}, against at most ${money(best.usual)} sent out in such a span before.`
      : !established(normalAt(view.now + 1))
        ? `Under ${p.minBaselineCount} transactions or ${TAKEOVER_BASELINE_DAYS} days of history: no established pattern to read a takeover against.`
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
 * and the window; refunds over the window. Repeated refunds (minRefunds) are needed, except from a
 * party something was bought from: a cover purchase refunded minSingleExcessMinor or more beyond
 * it once is the pattern (3 of the benchmarks' 10 accomplices got a single refund).
 */
export function refundBeyondPurchase(view: ActivityView, p: P): SignalOutcome {
  const windowStart = view.windowStart;
  const byParty = new Map<string, { refunds: number; refundCount: number; purchases: number }>();
  const entry = (c: string) => {
    let e = byParty.get(c);
    if (!e) {
      e = { refunds: 0, refundCount: 0, purchases: 0 };
      byParty.set(c, e);
    }
    return e;
  };
  for (const txns of [view.baseline, view.window])
    for (const t of txns) {
      if (t.counterparty === null) continue;
      if (isRefund(t)) {
        if (t.at < windowStart) continue;
        const e = entry(t.counterparty);
        e.refunds += t.amountMinor;
        e.refundCount++;
      } else entry(t.counterparty).purchases += t.amountMinor;
    }
  let [excess, refundCount, parties, single] = [0, 0, 0, 0];
  for (const e of byParty.values()) {
    if (e.refunds === 0 || e.refunds < p.purchaseMultiple * e.purchases) continue;
    excess += e.refunds - e.purchases;
    refundCount += e.refundCount;
    parties++;
    // Something was bought from (or sold to) this party and the refunds return far more than it:
    // a cover purchase, then a refund many times over, which one refund shows.
    if (e.purchases > 0) single = Math.max(single, e.refunds - e.purchases);
  }
  const repeated = refundCount >= p.minRefunds && excess >= p.minExcessMinor;
  const triggered = repeated || single >= p.minSingleExcessMinor;
  return {
    triggered,
    evidence: [
      {
        field: "refundsBeyondPurchases",
        observed: money(excess),
        expected: `under ${money(p.minExcessMinor)}`,
        threshold: money(p.minExcessMinor),
        context: `${refundCount} refunds with ${parties} counterparties at ${p.purchaseMultiple} x or more what was bought from them (at least ${p.minRefunds} refunds needed, or one party that was bought from refunded ${money(p.minSingleExcessMinor)} or more beyond it: ${money(single)})`,
        deviation: ratio(excess, p.minExcessMinor),
      },
    ],
    explanation: triggered
      ? `${refundCount} refunds with ${parties} counterparties exceed their purchases by ${money(excess)}.`
      : `Refunds beyond purchases: ${money(excess)} over ${refundCount} refunds, below the pattern.`,
    counterfactual: triggered
      ? `Would not trigger if refunds with each counterparty stayed under ${p.purchaseMultiple} x its purchases, or the excess were under ${money(p.minExcessMinor)} (or there were fewer than ${p.minRefunds} such refunds) and no party bought from was refunded ${money(p.minSingleExcessMinor)} or more beyond its purchases.`
      : null,
    confidence: view.baseline.length >= 5 ? 1 : 0.8,
    deviation: triggered ? round2(ratio(excess, p.minExcessMinor)) : 0,
  };
}
