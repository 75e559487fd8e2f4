import type { RepaymentInput, ScheduleLine } from "./allocation";
import { dayNumber } from "./arrears";
import { arrearsAsOf } from "./derive";

/**
 * A borrower's repayment record over a lookback (docs/methodology/bhi.md#payment-behaviour):
 * how many installments fell due, how many were fully paid by their due date, and the days
 * past due today. Built on arrearsAsOf (the same allocation and arrears as the loan's own page),
 * never a second reading of the schedule.
 */
export interface RepaymentRecord {
  loans: number;
  installmentsDue: number;
  installmentsOnTime: number;
  /** Days past due as of `asOf`, the worst of the customer's loans. */
  daysPastDue: number;
}

/** Installments due in this many days before the calculation date make the record. */
export const RECORD_LOOKBACK_DAYS = 365;

const isoDay = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** One loan's contribution: installments due in (asOf - lookback, asOf), and its days past due. */
export function loanRecord(
  schedule: readonly ScheduleLine[],
  repayments: readonly RepaymentInput[],
  asOf: string,
  lookbackDays = RECORD_LOOKBACK_DAYS,
): RepaymentRecord {
  const from = isoDay(dayNumber(asOf) - lookbackDays);
  let installmentsDue = 0;
  let installmentsOnTime = 0;
  for (const line of schedule) {
    // Due before today (an installment due today is not late yet) and inside the lookback.
    if (line.dueDate >= asOf || line.dueDate < from) continue;
    installmentsDue += 1;
    // As of its due date, only repayments made by then are allocated: paid in full means on time.
    const { installments } = arrearsAsOf(schedule, repayments, line.dueDate);
    const inst = installments.find((i) => i.seq === line.seq);
    const left = inst
      ? inst.due.principal -
        inst.paid.principal +
        inst.due.interest -
        inst.paid.interest +
        inst.due.fee -
        inst.paid.fee
      : 0;
    if (left <= 0) installmentsOnTime += 1;
  }
  const { arrears } = arrearsAsOf(schedule, repayments, asOf);
  return { loans: 1, installmentsDue, installmentsOnTime, daysPastDue: arrears.daysPastDue };
}

/** A customer's record over all their loans: counts add up, days past due is the worst. */
export function combineRecords(records: readonly RepaymentRecord[]): RepaymentRecord {
  return records.reduce(
    (a, r) => ({
      loans: a.loans + r.loans,
      installmentsDue: a.installmentsDue + r.installmentsDue,
      installmentsOnTime: a.installmentsOnTime + r.installmentsOnTime,
      daysPastDue: Math.max(a.daysPastDue, r.daysPastDue),
    }),
    { loans: 0, installmentsDue: 0, installmentsOnTime: 0, daysPastDue: 0 },
  );
}
