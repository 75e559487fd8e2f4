import { cdf, logLowerTail } from "../../../lib/normal";

/**
 * Cash runway as a first-passage time. A customer's balance B moves each month by a net flow
 * with mean mu and standard deviation sigma (estimated from recent complete months); in the
 * continuous (Brownian) approximation the time T at which the balance first reaches zero has
 *   P(T <= t) = Phi((-B - mu t) / (sigma sqrt t)) + exp(-2 mu B / sigma^2) Phi((-B + mu t) / (sigma sqrt t)),
 * the inverse Gaussian law when mu < 0 (mean B/|mu|). With sigma = 0 the runway is B/|mu|.
 * Deterministic: no sampling, the same inputs give the same months.
 */
export interface FlowStats {
  /** Balance now (minor units). */
  balanceMinor: number;
  /** Mean monthly net flow (credits - debits, minor units). */
  meanNetMinor: number;
  /** Sample standard deviation of the monthly net flow. */
  sdNetMinor: number;
}

/** Projections stop here: a runway beyond it is reported as "beyond the horizon" (null). */
export const RUNWAY_HORIZON_MONTHS = 120;

export function meanAndSd(values: number[]): { mean: number; sd: number } {
  const n = values.length;
  if (n === 0) return { mean: 0, sd: 0 };
  const mean = values.reduce((s, x) => s + x, 0) / n;
  if (n === 1) return { mean, sd: 0 };
  const variance = values.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  return { mean, sd: Math.sqrt(variance) };
}

/** Probability that the balance has reached zero within t months. */
export function depletionProbability(s: FlowStats, t: number): number {
  const { balanceMinor: b, meanNetMinor: mu, sdNetMinor: sigma } = s;
  if (b <= 0) return 1;
  if (t <= 0) return 0;
  if (sigma === 0) return mu < 0 && b / -mu <= t ? 1 : 0;
  const sqrtT = sigma * Math.sqrt(t);
  const first = cdf((-b - mu * t) / sqrtT);
  // exp(-2 mu B / sigma^2) overflows for small sigma with mu < 0; combine in log space.
  const a = (b - mu * t) / sqrtT; // >= 0 whenever mu <= 0; Phi(-a) is the second factor
  const logFactor = (-2 * mu * b) / (sigma * sigma);
  const second = a >= 0 ? Math.exp(logFactor + logLowerTail(a)) : Math.exp(logFactor) * cdf(-a);
  return Math.min(1, Math.max(0, first + second));
}

/**
 * The month by which the balance is exhausted with probability p, or null when that
 * probability is not reached within the horizon (or ever). 0 when already exhausted.
 */
export function runwayQuantile(s: FlowStats, p: number, horizon = RUNWAY_HORIZON_MONTHS): number | null {
  if (s.balanceMinor <= 0) return 0;
  if (s.sdNetMinor === 0) {
    if (s.meanNetMinor >= 0) return null;
    const t = s.balanceMinor / -s.meanNetMinor;
    return t <= horizon ? t : null;
  }
  if (depletionProbability(s, horizon) < p) return null;
  let lo = 0;
  let hi = horizon;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (depletionProbability(s, mid) >= p) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Expected runway B/|mu| for a burning customer, null when not burning. */
export function expectedRunway(s: FlowStats): number | null {
  if (s.balanceMinor <= 0) return 0;
  return s.meanNetMinor < 0 ? s.balanceMinor / -s.meanNetMinor : null;
}

export const RUNWAY_STATUSES = ["depleted", "critical", "warning", "watch", "stable", "not_burning"] as const;
export type RunwayStatus = (typeof RUNWAY_STATUSES)[number];

/** depleted: balance <= 0; critical < 3 months; warning < 6; watch < 12; stable >= 12; not_burning. */
export function runwayStatus(s: FlowStats): RunwayStatus {
  if (s.balanceMinor <= 0) return "depleted";
  const months = expectedRunway(s);
  if (months === null) return "not_burning";
  if (months < 3) return "critical";
  if (months < 6) return "warning";
  if (months < 12) return "watch";
  return "stable";
}
