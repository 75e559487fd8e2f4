import { BUCKET_NAMES, type Bucket, bucketOf, dpdFromOldestUnpaid } from "./arrears";

/**
 * A customer's repayment standing across their loans (docs/methodology/lending.md#repayment-standing):
 * what NBA reads to tell a customer in arrears from one with a clean record. Pure.
 */

/** How far back "paid late" is looked for: installments due in the last 6 months. */
export const CLEAN_RECORD_MONTHS = 6;

export interface StandingLoan {
  status: string;
  oldestUnpaidDueDate: string | null;
  /** Installments due in the lookback window paid (even in part) after their due date, or still unpaid. */
  lateInstallments: number;
}

export interface RepaymentStanding {
  /** Loans other than pending ones (active, closed, written off). */
  loans: number;
  activeLoans: number;
  /** Active loans per arrears bucket as of the date. */
  byBucket: Record<Bucket, number>;
  maxDaysPastDue: number;
  lateInstallments: number;
  writtenOffLoans: number;
}

export const emptyStanding = (): RepaymentStanding => ({
  loans: 0,
  activeLoans: 0,
  byBucket: Object.fromEntries(BUCKET_NAMES.map((b) => [b, 0])) as Record<Bucket, number>,
  maxDaysPastDue: 0,
  lateInstallments: 0,
  writtenOffLoans: 0,
});

/** The first day of the lookback: the same calendar day CLEAN_RECORD_MONTHS months before `on` (clamped to month end). */
export function lookbackStart(on: string, months = CLEAN_RECORD_MONTHS): string {
  const [y, m, d] = on.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Days past due of each active loan with the lending module's own rule (oldest unpaid due date). */
export function standingOf(loans: readonly StandingLoan[], on: string): RepaymentStanding {
  const s = emptyStanding();
  for (const loan of loans) {
    if (loan.status === "pending") continue;
    s.loans += 1;
    s.lateInstallments += loan.lateInstallments;
    if (loan.status === "written_off") s.writtenOffLoans += 1;
    if (loan.status !== "active") continue;
    s.activeLoans += 1;
    const dpd = dpdFromOldestUnpaid(loan.oldestUnpaidDueDate, on);
    s.byBucket[bucketOf(dpd)] += 1;
    s.maxDaysPastDue = Math.max(s.maxDaysPastDue, dpd);
  }
  return s;
}

/** Active loans at 1 day past due or more. */
export const loansInArrears = (s: RepaymentStanding): number => s.activeLoans - s.byBucket.current;

/** No active loan in arrears, nothing paid late in the lookback, nothing written off. */
export const hasCleanRecord = (s: RepaymentStanding): boolean =>
  loansInArrears(s) === 0 && s.lateInstallments === 0 && s.writtenOffLoans === 0;
