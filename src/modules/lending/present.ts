import type { LoanRepaymentRow, LoanRow } from "../../db/shard/lending";
import { fromMinor } from "../../lib/money";
import { type Arrears, bucketOf, dpdFromOldestUnpaid, type ScheduledInstallment } from "./domain/arrears";

/** Stored rows -> the API's Loan, LoanDetail and their parts (money as decimal strings). */

export function presentLoan(row: LoanRow, asOf: string) {
  const daysPastDue = dpdFromOldestUnpaid(row.oldestUnpaidDueDate, asOf);
  return {
    id: row.id,
    externalId: row.externalId,
    externalSource: row.externalSource,
    customerId: row.customerId,
    accountId: row.accountId,
    product: row.product,
    principal: fromMinor(row.principalMinor),
    interestRate: row.interestRate,
    termCount: row.termCount,
    termUnit: row.termUnit,
    disbursementDate: row.disbursementDate,
    status: row.status,
    branch: row.branch,
    officer: row.officer,
    currency: row.currency,
    outstandingPrincipal: fromMinor(row.outstandingPrincipalMinor),
    outstandingTotal: fromMinor(row.outstandingTotalMinor),
    daysPastDue,
    arrearsBucket: bucketOf(daysPastDue),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const money3 = (c: { principal: number; interest: number; fee: number; total: number }) => ({
  principal: fromMinor(c.principal),
  interest: fromMinor(c.interest),
  fee: fromMinor(c.fee),
  total: fromMinor(c.total),
});

export const presentArrears = (a: Arrears) => ({
  asOf: a.asOf,
  daysPastDue: a.daysPastDue,
  bucket: a.bucket,
  oldestUnpaidDueDate: a.oldestUnpaidDueDate,
  overdueInstallments: a.overdueInstallments,
  overdue: money3(a.overdue),
  outstanding: money3(a.outstanding),
});

function presentInstallment(i: ScheduledInstallment, asOf: string) {
  const due = i.due.principal + i.due.interest + i.due.fee;
  const paid = i.paid.principal + i.paid.interest + i.paid.fee;
  const state: "paid" | "overdue" | "partially_paid" | "due" =
    paid >= due ? "paid" : i.dueDate < asOf ? "overdue" : paid > 0 ? "partially_paid" : "due";
  return {
    seq: i.seq,
    dueDate: i.dueDate,
    principalDue: fromMinor(i.due.principal),
    interestDue: fromMinor(i.due.interest),
    feeDue: fromMinor(i.due.fee),
    principalPaid: fromMinor(i.paid.principal),
    interestPaid: fromMinor(i.paid.interest),
    feePaid: fromMinor(i.paid.fee),
    state,
  };
}

export const presentRepayment = (r: LoanRepaymentRow) => ({
  id: r.id,
  externalId: r.externalId,
  externalSource: r.externalSource,
  amount: fromMinor(r.amountMinor),
  currency: r.currency,
  paidOn: r.paidOn,
  installmentSeq: r.installmentSeq,
  allocation: r.allocation.map((l) => ({
    seq: l.seq,
    principal: fromMinor(l.principal),
    interest: fromMinor(l.interest),
    fee: fromMinor(l.fee),
  })),
  unallocated: fromMinor(r.unallocatedMinor),
});

export function presentLoanDetail(
  row: LoanRow,
  view: { installments: ScheduledInstallment[]; arrears: Arrears },
  repayments: LoanRepaymentRow[],
) {
  const asOf = view.arrears.asOf;
  return {
    ...presentLoan(row, asOf),
    outstandingPrincipal: fromMinor(view.arrears.outstanding.principal),
    outstandingTotal: fromMinor(view.arrears.outstanding.total),
    daysPastDue: view.arrears.daysPastDue,
    arrearsBucket: view.arrears.bucket,
    arrears: presentArrears(view.arrears),
    schedule: view.installments.map((i) => presentInstallment(i, asOf)),
    repayments: repayments.filter((r) => r.paidOn <= asOf).map(presentRepayment),
  };
}
