import type { Bucket } from "./arrears";

/**
 * Events a change of a loan's arrears state raises (docs/methodology/lending.md#events). The
 * state is the one last announced; a new loan starts as current and not repaid.
 */
export interface LoanState {
  bucket: Bucket;
  repaid: boolean;
}

export type LoanEventType = "loan.entered_arrears" | "loan.bucket_changed" | "loan.repaid";

export interface Transition {
  type: LoanEventType;
  from: Bucket;
  to: Bucket;
}

export function transitions(before: LoanState, after: LoanState): Transition[] {
  const out: Transition[] = [];
  const move = { from: before.bucket, to: after.bucket };
  if (before.bucket !== after.bucket) {
    if (before.bucket === "current") out.push({ type: "loan.entered_arrears", ...move });
    out.push({ type: "loan.bucket_changed", ...move });
  }
  if (!before.repaid && after.repaid) out.push({ type: "loan.repaid", ...move });
  return out;
}

/**
 * The key that makes an event happen once per transition: the same loan making the same move
 * on the same day (two ingests racing, a job retried) yields the same event id.
 */
export const transitionKey = (loanId: string, t: Transition, on: string): string =>
  `${loanId}|${t.type}|${t.from}|${t.to}|${on}`;

/** PAR ratio: at-risk principal over total outstanding principal, 4 decimals (0 for an empty book). */
export const parRatio = (atRisk: number, total: number): number =>
  total > 0 ? Math.round((atRisk / total) * 10_000) / 10_000 : 0;

/** PAR thresholds: PAR-n counts loans with days past due strictly greater than n. */
export const PAR_THRESHOLDS = [1, 30, 90] as const;

/** Month-end (YYYY-MM-DD) of the month before `date`. */
export function previousMonthEnd(date: string): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

/** Whether `date` is the last day of its month. */
export const isMonthEnd = (date: string): boolean => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.getUTCDate() === 1;
};
