import { round2 } from "../../../lib/numbers";
import { type ActivityView, median, money, ratio } from "./activity";
import { gateByPeers } from "./peer-gate";
import type { SignalOutcome, Txn } from "./types";

type P = Record<string, number>;

/** 1.4826 x MAD estimates the standard deviation of normally distributed values. */
const MAD_SCALE = 1.4826;

/** Transactions of the same kind: direction and category (a salary is not compared with airtime). */
const kindOf = (t: Txn): string => `${t.type}:${t.category?.trim().toLowerCase() || "uncategorised"}`;

/** kindOf, each (direction, category) pair's key built once per evaluation. */
function kinds(): (t: Txn) => string {
  const byType = new Map<string, Map<string | null, string>>();
  return (t) => {
    let byCategory = byType.get(t.type);
    if (!byCategory) {
      byCategory = new Map();
      byType.set(t.type, byCategory);
    }
    let k = byCategory.get(t.category);
    if (k === undefined) {
      k = kindOf(t);
      byCategory.set(t.category, k);
    }
    return k;
  };
}
const kindName = (t: Txn): string => `${t.category?.trim() || "uncategorised"} ${t.type}`;

export interface RobustBaseline {
  count: number;
  /** Median amount (minor units). */
  median: number;
  /** MAD of the log amounts, scaled to a standard deviation. */
  logSpread: number;
  /** max(floor, medianMultiple x median, median x e^(madMultiple x logSpread)), rounded up. */
  threshold: number;
}

/**
 * Robust normal of amounts, on log amounts: payment amounts are skewed (airtime of tens, a
 * salary of thousands), so a spread measured in ratios suits them where a spread in cedis does not.
 */
export function robustBaseline(amounts: number[], p: P): RobustBaseline {
  const logs = amounts.map((a) => Math.log(Math.max(1, a)));
  const centre = median(logs);
  const logSpread = MAD_SCALE * median(logs.map((l) => Math.abs(l - centre)));
  // The median of log amounts is the log of the median amount (the mean of the middle two for an
  // even count: their geometric mean); rounded to whole minor units before any multiple.
  const typical = Math.round(Math.exp(centre));
  const threshold = Math.ceil(
    Math.max(p.minAmountMinor, p.medianMultiple * typical, typical * Math.exp(p.madMultiple * logSpread)),
  );
  return { count: amounts.length, median: typical, logSpread: round2(logSpread), threshold };
}

/**
 * Each window transaction against the baseline transactions of its own kind (at least
 * minBaselineCount of them); the one furthest above its threshold is reported. Kinds with a
 * thinner history are not judged: no peer baseline is read here (docs/methodology/fraud.md).
 */
export function amountSpike(view: ActivityView, p: P): SignalOutcome {
  const kindOf = kinds();
  const history = new Map<string, number[]>();
  for (const t of view.baseline) {
    const k = kindOf(t);
    const list = history.get(k);
    if (list) list.push(t.amountMinor);
    else history.set(k, [t.amountMinor]);
  }
  const baselines = new Map<string, RobustBaseline>();
  let best: { t: Txn; b: RobustBaseline; deviation: number } | null = null;
  let thin = 0;
  for (const t of view.window) {
    const k = kindOf(t);
    const amounts = history.get(k) ?? [];
    if (amounts.length < p.minBaselineCount) {
      if (t.amountMinor >= p.minAmountMinor) thin++;
      continue;
    }
    let b = baselines.get(k);
    if (!b) {
      b = robustBaseline(amounts, p);
      baselines.set(k, b);
    }
    const deviation = t.amountMinor / b.threshold;
    if (!best || deviation > best.deviation) best = { t, b, deviation };
  }
  if (!best)
    return {
      triggered: false,
      evidence: [],
      explanation: view.window.length
        ? `No window transaction has at least ${p.minBaselineCount} baseline transactions of its kind (direction and category) to compare with${thin ? `; ${thin} above ${money(p.minAmountMinor)} not judged` : ""}.`
        : "No transactions in the window.",
      counterfactual: null,
      confidence: view.window.length ? 0.5 : 1,
      deviation: 0,
    };
  const { t, b } = best;
  return gateByPeers(spikeOutcome(t, b, p), t.amountMinor, view, "maxAmount30", p.peerMadMultiple, money);
}

/** The spike against the entity's own baseline of the kind. */
function spikeOutcome(t: Txn, b: RobustBaseline, p: P): SignalOutcome {
  const triggered = t.amountMinor >= b.threshold;
  const kind = kindName(t);
  const rule = `the larger of ${money(p.minAmountMinor)}, ${p.medianMultiple} x the median and the median x e^(${p.madMultiple} x ${b.logSpread}), the robust spread of log amounts`;
  return {
    triggered,
    evidence: [
      {
        field: "transactionAmount",
        observed: money(t.amountMinor),
        expected: money(b.median),
        threshold: money(b.threshold),
        context: `a ${kind} in the window against the ${b.count} ${kind}s of the baseline: expected is their median; threshold is ${rule}`,
        deviation: ratio(t.amountMinor, b.threshold),
      },
    ],
    explanation: triggered
      ? `A ${kind} of ${money(t.amountMinor)} is ${round2(t.amountMinor / Math.max(b.median, 1))} times the median ${money(b.median)} of the entity's ${b.count} baseline ${kind}s, at or above ${money(b.threshold)}.`
      : `Every window transaction stays below its kind's threshold (closest: a ${kind} of ${money(t.amountMinor)} against ${money(b.threshold)}).`,
    counterfactual: triggered
      ? `Would not trigger if the ${kind} had been below ${money(b.threshold)} (${rule}, over ${b.count} baseline ${kind}s).`
      : null,
    confidence: 1,
    deviation: ratio(t.amountMinor, b.threshold),
  };
}
