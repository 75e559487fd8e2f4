import { clamp, round2 } from "../../../lib/numbers";
import { type Curve, DAY_MS, interpolate } from "./curve";
import type { AgentActivity, Component, ComponentId } from "./types";

/** Default weights (sum 1). Unavailable components drop out and the rest are renormalised. */
export const WEIGHTS: Record<ComponentId, number> = {
  activity_trend: 0.2,
  volume_trend: 0.2,
  float_utilization: 0.2,
  cash_balance: 0.15,
  recency: 0.15,
  tenure: 0.1,
};

/** Change in percent vs the previous period -> score. Stable (0 %) scores 80; +20 % or more 100. */
export const TREND_CURVE: Curve = [
  [-100, 0],
  [-50, 25],
  [-20, 60],
  [0, 80],
  [20, 100],
];
/** Float balance / float limit -> score. Healthy band 0.30..0.70 scores 100. */
export const FLOAT_CURVE: Curve = [
  [0, 0],
  [0.3, 100],
  [0.7, 100],
  [1, 40],
  [2, 0],
];
export const FLOAT_HEALTHY_BAND = { low: 0.3, high: 0.7 } as const;
/** Cash-in share of cash-in + cash-out -> score. Balanced band 0.35..0.65 scores 100. */
export const CASH_CURVE: Curve = [
  [0, 0],
  [0.35, 100],
  [0.65, 100],
  [1, 0],
];
/** Days since the last transaction -> score. */
export const RECENCY_CURVE: Curve = [
  [1, 100],
  [3, 85],
  [7, 60],
  [14, 30],
  [30, 0],
];
/** Months since activation -> score. Tenure lowers the score of a new agent only mildly. */
export const TENURE_CURVE: Curve = [
  [0, 20],
  [3, 50],
  [6, 70],
  [12, 90],
  [24, 100],
];
export const DAYS_PER_MONTH = 30.4375;

/** Thresholds the flags use (also reported as each component's `threshold`). */
export const THRESHOLDS = {
  trendDropPercent: -30,
  trendCriticalDropPercent: -60,
  floatDepletion: 0.15,
  floatCritical: 0.05,
  floatExcess: 0.95,
  cashImbalanceLow: 0.2,
  cashImbalanceHigh: 0.8,
  dormancyInfoDays: 3,
  dormancyWarningDays: 7,
  dormancyCriticalDays: 30,
  newAgentMonths: 3,
  slowdownPaceRatio: 0.5,
} as const;

const has = (v: number | undefined): v is number => typeof v === "number" && Number.isFinite(v);

const unavailable = (componentId: ComponentId, name: string, threshold: number, why: string): Component => ({
  componentId,
  name,
  score: 0,
  weight: WEIGHTS[componentId],
  available: false,
  interpretation: why,
  rawValue: null,
  threshold,
});

/** A measured component; a non-finite measurement (never from capped API input) is unavailable. */
const available = (
  componentId: ComponentId,
  name: string,
  score: number,
  rawValue: number,
  threshold: number,
  interpretation: string,
): Component =>
  Number.isFinite(rawValue) && Number.isFinite(score)
    ? {
        componentId,
        name,
        score: round2(clamp(score)),
        weight: WEIGHTS[componentId],
        available: true,
        interpretation,
        rawValue: round2(rawValue),
        threshold,
      }
    : unavailable(componentId, name, threshold, "The figures are out of range: no finite value");

/** Percent change of current vs previous; a start from zero counts as +100 %. Null when both are 0. */
export function percentChange(current: number, previous: number): number | null {
  if (previous > 0) return ((current - previous) / previous) * 100;
  return current > 0 ? 100 : null;
}

function trend(
  id: "activity_trend" | "volume_trend",
  name: string,
  what: string,
  current: number | undefined,
  previous: number | undefined,
): Component {
  const threshold = THRESHOLDS.trendDropPercent;
  if (!has(current) || !has(previous))
    return unavailable(id, name, threshold, `Needs the ${what} of this and the previous period`);
  const change = percentChange(current, previous);
  if (change === null)
    return available(id, name, 0, 0, threshold, `No ${what} in this or the previous period`);
  const sign = change >= 0 ? "+" : "";
  const reading =
    change <= threshold
      ? "a marked decline"
      : change < 0
        ? "a mild decline"
        : change < 10
          ? "stable"
          : "growth";
  return available(
    id,
    name,
    interpolate(TREND_CURVE, change),
    change,
    threshold,
    `${what[0].toUpperCase()}${what.slice(1)} ${sign}${round2(change)}% vs the previous period: ${reading}`,
  );
}

export function floatUtilization(a: AgentActivity): Component {
  const name = "Float utilization";
  if (!(a.floatLimit > 0))
    return unavailable("float_utilization", name, FLOAT_HEALTHY_BAND.low, "Float limit is 0: no ratio");
  const u = a.floatBalance / a.floatLimit;
  const { low, high } = FLOAT_HEALTHY_BAND;
  const reading =
    u < THRESHOLDS.floatDepletion
      ? "float nearly depleted: cash-in requests may be refused"
      : u < low
        ? "below the healthy band"
        : u <= high
          ? "within the healthy band"
          : u <= 1
            ? "above the healthy band: float sits idle"
            : "balance above the float limit";
  return available(
    "float_utilization",
    name,
    interpolate(FLOAT_CURVE, u),
    u,
    low,
    `Float balance is ${round2(u * 100)}% of the limit (healthy ${low * 100}-${high * 100}%): ${reading}`,
  );
}

/** Cash-in share by volume, or by count when volumes are missing. Null when not computable. */
export function cashInShare(a: AgentActivity): { share: number; basis: "volume" | "count" } | null {
  if (has(a.cashInVolume) && has(a.cashOutVolume) && a.cashInVolume + a.cashOutVolume > 0)
    return { share: a.cashInVolume / (a.cashInVolume + a.cashOutVolume), basis: "volume" };
  if (has(a.cashInCount) && has(a.cashOutCount) && a.cashInCount + a.cashOutCount > 0)
    return { share: a.cashInCount / (a.cashInCount + a.cashOutCount), basis: "count" };
  return null;
}

export function cashBalance(a: AgentActivity): Component {
  const name = "Cash-in / cash-out balance";
  const found = cashInShare(a);
  if (!found)
    return unavailable(
      "cash_balance",
      name,
      0.35,
      "Needs cash-in and cash-out volumes or counts (not both 0)",
    );
  const { share, basis } = found;
  const reading =
    share < 0.35
      ? "mostly cash-out: cash runs down"
      : share > 0.65
        ? "mostly cash-in: e-float runs down"
        : "balanced";
  return available(
    "cash_balance",
    name,
    interpolate(CASH_CURVE, share),
    share,
    0.35,
    `Cash-in is ${round2(share * 100)}% of cash-in + cash-out (by ${basis}; balanced 35-65%): ${reading}`,
  );
}

/** Days since the last transaction; when there is none, the span known to be empty (or null). */
export function inactivity(
  a: AgentActivity,
  now: Date,
  windowDays: number,
): { days: number; known: boolean } | null {
  if (a.lastTransactionAt)
    return { days: Math.max(0, (now.getTime() - Date.parse(a.lastTransactionAt)) / DAY_MS), known: true };
  if (a.transactionCount === 0) {
    const span = a.previousPeriodCount === 0 ? 2 * windowDays : windowDays;
    return { days: span, known: false };
  }
  return null;
}

export function recency(a: AgentActivity, now: Date, windowDays: number): Component {
  const name = "Recency (dormancy)";
  const threshold = THRESHOLDS.dormancyWarningDays;
  const idle = inactivity(a, now, windowDays);
  if (!idle) return unavailable("recency", name, threshold, "Needs lastTransactionAt");
  if (!idle.known)
    return available(
      "recency",
      name,
      0,
      idle.days,
      threshold,
      `No transaction in at least ${idle.days} days`,
    );
  const d = idle.days;
  return available(
    "recency",
    name,
    interpolate(RECENCY_CURVE, d),
    d,
    threshold,
    `Last transaction ${round2(d)} days ago${d >= threshold ? ": dormant" : d >= THRESHOLDS.dormancyInfoDays ? ": slowing" : ""}`,
  );
}

export function tenureMonths(a: AgentActivity, now: Date): number | null {
  const since = a.activatedAt ?? a.createdAt;
  if (!since) return null;
  return Math.max(0, (now.getTime() - Date.parse(since)) / DAY_MS / DAYS_PER_MONTH);
}

export function tenure(a: AgentActivity, now: Date): Component {
  const name = "Tenure";
  const months = tenureMonths(a, now);
  if (months === null)
    return unavailable("tenure", name, THRESHOLDS.newAgentMonths, "Needs activatedAt or createdAt");
  return available(
    "tenure",
    name,
    interpolate(TENURE_CURVE, months),
    months,
    THRESHOLDS.newAgentMonths,
    `Active for ${round2(months)} months${months < THRESHOLDS.newAgentMonths ? ": new agent, little history" : ""}`,
  );
}

export function components(a: AgentActivity, now: Date, windowDays: number): Component[] {
  return [
    trend(
      "activity_trend",
      "Transaction count trend",
      "transaction count",
      a.transactionCount,
      a.previousPeriodCount,
    ),
    trend(
      "volume_trend",
      "Transaction volume trend",
      "transaction volume",
      a.transactionVolume,
      a.previousPeriodVolume,
    ),
    floatUtilization(a),
    cashBalance(a),
    recency(a, now, windowDays),
    tenure(a, now),
  ];
}
