import { type AllocationLine, allocate, type RepaymentInput, type ScheduleLine } from "./allocation";
import { type Arrears, arrearsOf, type Bucket, type ScheduledInstallment } from "./arrears";
import { type LoanState, type Transition, transitions } from "./transitions";

/**
 * Everything stored about a loan that follows from its schedule and repayments: installments'
 * paid amounts, each repayment's allocation, the per-loan columns PAR aggregates, and the
 * events the new arrears state raises against the last announced one.
 */
export interface Derived {
  installments: ScheduledInstallment[];
  repayments: Map<string, { allocation: AllocationLine[]; unallocated: number }>;
  arrears: Arrears;
  outstandingPrincipal: number;
  outstandingTotal: number;
  oldestUnpaidDueDate: string | null;
  state: LoanState;
  transitions: Transition[];
}

export function derive(
  schedule: readonly ScheduleLine[],
  repayments: readonly RepaymentInput[],
  before: { bucket: string; repaid: boolean },
  today: string,
): Derived {
  const allocated = allocate(schedule, repayments);
  const arrears = arrearsOf(allocated.installments, today);
  const state: LoanState = { bucket: arrears.bucket, repaid: arrears.outstanding.total === 0 };
  return {
    installments: allocated.installments,
    repayments: allocated.repayments,
    arrears,
    outstandingPrincipal: arrears.outstanding.principal,
    outstandingTotal: arrears.outstanding.total,
    oldestUnpaidDueDate: arrears.oldestUnpaidDueDate,
    state,
    transitions: transitions({ bucket: before.bucket as Bucket, repaid: before.repaid }, state),
  };
}

/** The arrears of a loan as of a past or future date: only repayments paid by then count. */
export function arrearsAsOf(
  schedule: readonly ScheduleLine[],
  repayments: readonly RepaymentInput[],
  asOf: string,
): { installments: ScheduledInstallment[]; arrears: Arrears } {
  const { installments } = allocate(
    schedule,
    repayments.filter((r) => r.paidOn <= asOf),
  );
  return { installments, arrears: arrearsOf(installments, asOf) };
}
