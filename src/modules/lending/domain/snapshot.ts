/**
 * A loan's month-end picture as it was then (docs/methodology/lending.md#history-and-snapshots):
 * reconstructed from its schedule and the repayments paid by that day, never from today's state.
 * A loan is in a month-end when it was disbursed by then, is not pending, has not left the book
 * for a reason we do not date (written off, or closed by the lender with money still owed), and
 * had principal outstanding that day.
 */
import type { RepaymentInput, ScheduleLine } from "./allocation";
import type { Bucket } from "./arrears";
import { arrearsAsOf } from "./derive";

export interface SnapshotLoan {
  id: string;
  status: string;
  disbursementDate: string;
  /** Principal outstanding today (the stored derived column). */
  outstandingPrincipalNow: number;
}

export interface SnapshotState {
  monthEnd: string;
  loanId: string;
  dpd: number;
  bucket: Bucket;
  outstandingPrincipal: number;
}

/**
 * The status a write leaves: an active loan with nothing left to pay on its whole schedule is
 * `closed` (paid off); any other status is the lender's.
 */
export const statusAfter = (status: string, repaid: boolean): string =>
  status === "active" && repaid ? "closed" : status;

/** The loan as of each month-end in which it was in the book (none for the others). */
export function snapshotStates(
  loan: SnapshotLoan,
  schedule: readonly ScheduleLine[],
  repayments: readonly RepaymentInput[],
  monthEnds: readonly string[],
): SnapshotState[] {
  // Written off, or closed by the lender with principal still owed: the loan left the book on a
  // day our data does not hold, so it is kept out rather than counted as owing for ever.
  const leftUndated =
    loan.status === "written_off" || (loan.status === "closed" && loan.outstandingPrincipalNow > 0);
  if (loan.status === "pending" || leftUndated) return [];
  const out: SnapshotState[] = [];
  for (const monthEnd of monthEnds) {
    if (loan.disbursementDate > monthEnd) continue;
    const { arrears } = arrearsAsOf(schedule, repayments, monthEnd);
    if (arrears.outstanding.principal <= 0) continue;
    out.push({
      monthEnd,
      loanId: loan.id,
      dpd: arrears.daysPastDue,
      bucket: arrears.bucket,
      outstandingPrincipal: arrears.outstanding.principal,
    });
  }
  return out;
}

/** The month-ends from the one of `from`'s month to `to` inclusive (YYYY-MM-DD), oldest first. */
export function monthEndsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from.slice(0, 7)}-01T00:00:00Z`); ; d.setUTCMonth(d.getUTCMonth() + 1)) {
    const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    if (end > to) return out;
    out.push(end);
  }
}
