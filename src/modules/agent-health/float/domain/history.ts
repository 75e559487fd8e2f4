/**
 * Float history: the e-float balance per hour or day, derived from the agent's transactions
 * and re-anchored at each reported balance, with the drift between the two (minor units).
 */

export type Granularity = "hour" | "day";
const STEP_MS = { hour: 3_600_000, day: 86_400_000 } as const;
/** Length of a bucket key: "2026-03-02T09" (hour) or "2026-03-02" (day), a prefix of the ISO instant. */
export const KEY_LENGTH = { hour: 13, day: 10 } as const;

export interface FlowBucket {
  key: string;
  cashIn: number;
  cashOut: number;
  rebalanceIn: number;
  rebalanceOut: number;
  transactions: number;
}

export interface ReportedPoint {
  reportedAt: string;
  floatBalance: number;
  cashBalance: number | null;
}

export interface HistoryPoint extends Omit<FlowBucket, "key"> {
  start: string;
  closingBalance: number;
}

export interface Drift extends ReportedPoint {
  /** The derived balance at the close of the report's bucket, before re-anchoring. */
  derivedBalance: number;
  drift: number;
}

/** The start of the bucket holding `at`. */
export function bucketStart(at: Date, g: Granularity): Date {
  const d = new Date(at);
  d.setUTCMinutes(0, 0, 0);
  if (g === "day") d.setUTCHours(0);
  return d;
}

/**
 * Walks the buckets from the one holding `from` to the one holding `to`: each closes at the
 * previous close plus its net e-float flow (cash-out and rebalancing in add, cash-in and
 * rebalancing out take away); a report in the bucket is compared with that close (drift =
 * reported - derived) and becomes the close, so the line never strays from what was reported.
 */
export function floatSeries(
  opening: number,
  range: { from: Date; to: Date; granularity: Granularity },
  buckets: FlowBucket[],
  reports: ReportedPoint[],
): { points: HistoryPoint[]; drifts: Drift[] } {
  const g = range.granularity;
  const byKey = new Map(buckets.map((b) => [b.key, b]));
  const reportsByKey = new Map<string, ReportedPoint[]>();
  for (const r of [...reports].sort((x, y) => x.reportedAt.localeCompare(y.reportedAt))) {
    const k = r.reportedAt.slice(0, KEY_LENGTH[g]);
    reportsByKey.set(k, [...(reportsByKey.get(k) ?? []), r]);
  }
  const points: HistoryPoint[] = [];
  const drifts: Drift[] = [];
  let balance = opening;
  for (let t = bucketStart(range.from, g).getTime(); t <= range.to.getTime(); t += STEP_MS[g]) {
    const start = new Date(t).toISOString();
    const key = start.slice(0, KEY_LENGTH[g]);
    const b = byKey.get(key) ?? { cashIn: 0, cashOut: 0, rebalanceIn: 0, rebalanceOut: 0, transactions: 0 };
    balance += b.cashOut + b.rebalanceIn - b.cashIn - b.rebalanceOut;
    for (const r of reportsByKey.get(key) ?? []) {
      drifts.push({ ...r, derivedBalance: balance, drift: r.floatBalance - balance });
      balance = r.floatBalance;
    }
    points.push({
      start,
      cashIn: b.cashIn,
      cashOut: b.cashOut,
      rebalanceIn: b.rebalanceIn,
      rebalanceOut: b.rebalanceOut,
      transactions: b.transactions,
      closingBalance: balance,
    });
  }
  return { points, drifts };
}
