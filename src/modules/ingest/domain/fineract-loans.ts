import { FINERACT_SOURCE, type FineractDate, fineractDate } from "./fineract";

/**
 * Apache Fineract loans -> lending records (docs/ingest.md#provider-fineract). Shapes of
 * GET /loans (list) and GET /loans/{id}?associations=repaymentSchedule,transactions: dates as
 * [y, m, d], amounts as JSON numbers in the loan's currency.
 */

interface LoanStatus {
  code?: string;
  value?: string;
  pendingApproval?: boolean;
  waitingForDisbursal?: boolean;
  active?: boolean;
  closedObligationsMet?: boolean;
  closedWrittenOff?: boolean;
  closedRescheduled?: boolean;
  closed?: boolean;
  overpaid?: boolean;
}

export interface FineractSchedulePeriod {
  /** Absent on the disbursement row (period 0), 1.. on installments. */
  period?: number;
  dueDate?: FineractDate;
  principalDue?: number;
  interestDue?: number;
  feeChargesDue?: number;
  penaltyChargesDue?: number;
  totalPaidForPeriod?: number;
}

export interface FineractLoanTransaction {
  id: number;
  type?: { code?: string; value?: string; repayment?: boolean; [k: string]: unknown };
  date?: FineractDate;
  amount?: number;
  currency?: { code?: string };
  manuallyReversed?: boolean;
}

export interface FineractLoan {
  id: number;
  accountNo?: string;
  clientId?: number;
  loanProductName?: string;
  loanOfficerName?: string;
  status?: LoanStatus;
  currency?: { code?: string };
  principal?: number;
  annualInterestRate?: number;
  termFrequency?: number;
  termPeriodFrequencyType?: { code?: string; value?: string };
  numberOfRepayments?: number;
  timeline?: { expectedDisbursementDate?: FineractDate; actualDisbursementDate?: FineractDate };
  summary?: Record<string, unknown>;
  repaymentSchedule?: { periods?: FineractSchedulePeriod[] };
  transactions?: FineractLoanTransaction[];
}

const cents = (n: number | undefined) =>
  typeof n === "number" && Number.isFinite(n) ? Math.round(n * 100) : 0;
const decimal = (minor: number) => (minor / 100).toFixed(2);

/** Our status, or null for an application that never became a loan (rejected, withdrawn). */
export function loanStatus(
  s: LoanStatus | undefined,
): "pending" | "active" | "closed" | "written_off" | null {
  const code = s?.code ?? "";
  if (s?.closedWrittenOff || code.endsWith(".written.off")) return "written_off";
  if (s?.active || code.endsWith(".active")) return "active";
  if (s?.pendingApproval || s?.waitingForDisbursal || /submitted|approved/.test(code)) return "pending";
  if (s?.closedObligationsMet || s?.closedRescheduled || s?.overpaid || s?.closed || code.includes(".closed"))
    return "closed";
  return null;
}

function termOf(loan: FineractLoan): { termCount: number; termUnit: "days" | "weeks" | "months" } {
  const count = loan.termFrequency ?? loan.numberOfRepayments ?? 1;
  const unit =
    `${loan.termPeriodFrequencyType?.code ?? ""} ${loan.termPeriodFrequencyType?.value ?? ""}`.toLowerCase();
  if (unit.includes("day")) return { termCount: count, termUnit: "days" };
  if (unit.includes("week")) return { termCount: count, termUnit: "weeks" };
  if (unit.includes("year")) return { termCount: count * 12, termUnit: "months" };
  return { termCount: count, termUnit: "months" };
}

/** What changes whenever the loan moves: status and summary (paid, outstanding, overdue totals). */
export const loanFingerprint = (loan: FineractLoan): string =>
  JSON.stringify([loan.status?.code ?? null, loan.summary ?? null]);

/**
 * A loan record with its schedule, or a reason it is not one. The installments are the
 * schedule's numbered periods; fee = fee charges + penalties; the loan's principal is the
 * scheduled principal (Fineract's `principal` when fully disbursed).
 */
export function loanToRecord(
  loan: FineractLoan,
): { record: Record<string, unknown> } | { skip: string; reportable: boolean } {
  const status = loanStatus(loan.status);
  // A rejected or withdrawn application is not an error: it never was a loan.
  if (status === null)
    return { skip: `status ${loan.status?.code ?? "unknown"} is not a loan`, reportable: false };
  const periods = (loan.repaymentSchedule?.periods ?? []).filter(
    (p) => typeof p.period === "number" && p.period > 0,
  );
  if (periods.length === 0) return { skip: "no repayment schedule", reportable: status !== "pending" };
  const schedule = periods.map((p) => ({
    seq: p.period,
    dueDate: fineractDate(p.dueDate),
    principal: decimal(cents(p.principalDue)),
    interest: decimal(cents(p.interestDue)),
    fee: decimal(cents(p.feeChargesDue) + cents(p.penaltyChargesDue)),
  }));
  const principal = periods.reduce((sum, p) => sum + cents(p.principalDue), 0);
  const rate = loan.annualInterestRate ?? 0;
  return {
    record: {
      externalId: String(loan.id),
      externalSource: FINERACT_SOURCE,
      customerExternalId: loan.clientId === undefined ? undefined : String(loan.clientId),
      product: loan.loanProductName ?? "loan",
      principal: decimal(principal),
      interestRate: String(Number(rate.toFixed(4))),
      ...termOf(loan),
      disbursementDate:
        fineractDate(loan.timeline?.actualDisbursementDate) ??
        fineractDate(loan.timeline?.expectedDisbursementDate),
      status,
      officer: loan.loanOfficerName || undefined,
      currency: loan.currency?.code,
      schedule,
    },
  };
}

const isRepayment = (t: FineractLoanTransaction) =>
  t.type?.repayment === true || t.type?.code === "loanTransactionType.repayment";

/** Repayment transactions (not reversed, money moved) as repayment records of loan `loanId`. */
export function loanRepaymentRecords(loan: FineractLoan, transactions: readonly FineractLoanTransaction[]) {
  return transactions.flatMap((t) => {
    const paidOn = fineractDate(t.date);
    if (!isRepayment(t) || t.manuallyReversed || cents(t.amount) <= 0 || !paidOn) return [];
    return [
      {
        id: t.id,
        record: {
          externalId: String(t.id),
          externalSource: FINERACT_SOURCE,
          loanExternalId: String(loan.id),
          amount: decimal(cents(t.amount)),
          currency: t.currency?.code ?? loan.currency?.code,
          paidOn,
        },
      },
    ];
  });
}
