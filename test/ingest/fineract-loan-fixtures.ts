/**
 * Fineract loans as GET /loans/{id}?associations=repaymentSchedule,transactions answers them:
 * dates [y, m, d], a disbursement row (no `period`) before the numbered periods, transaction
 * types as flags. Loan 21 (client 1) is paid on time, then late, then not at all; 22 (client 2)
 * is a rejected application; 23 (client 1) was repaid in full and closed.
 */
const ghs = { code: "GHS", name: "Ghana Cedi", decimalPlaces: 2, inMultiplesOf: 1, displaySymbol: "GH₵" };

const loanType = (code: string, flags: Record<string, boolean>) => ({
  id: 1,
  code: `loanTransactionType.${code}`,
  value: code,
  disbursement: false,
  repayment: false,
  ...flags,
});

export const period = (
  n: number,
  dueDate: number[],
  principalDue: number,
  interestDue: number,
  fee: number,
) => ({
  period: n,
  fromDate: dueDate,
  dueDate,
  principalDue,
  principalOriginalDue: principalDue,
  interestDue,
  feeChargesDue: fee,
  penaltyChargesDue: 0,
  totalDueForPeriod: principalDue + interestDue + fee,
  totalPaidForPeriod: 0,
  complete: false,
});

export const repaymentTx = (id: number, date: number[], amount: number, manuallyReversed = false) => ({
  id,
  officeId: 1,
  officeName: "Head Office",
  type: loanType("repayment", { repayment: true }),
  date,
  currency: ghs,
  amount,
  principalPortion: 0,
  interestPortion: 0,
  feeChargesPortion: 0,
  penaltyChargesPortion: 0,
  manuallyReversed,
});

const disbursementTx = (id: number, date: number[], amount: number) => ({
  ...repaymentTx(id, date, amount),
  type: loanType("disbursement", { disbursement: true }),
});

const base = (id: number, clientId: number, principal: number) => ({
  id,
  accountNo: String(id).padStart(9, "0"),
  clientId,
  clientOfficeId: 1,
  loanProductId: 1,
  loanProductName: "Micro Business Loan",
  loanOfficerId: 3,
  loanOfficerName: "Kwame Boateng",
  loanType: { id: 1, code: "accountType.individual", value: "Individual" },
  currency: ghs,
  principal,
  approvedPrincipal: principal,
  termFrequency: 3,
  termPeriodFrequencyType: { id: 2, code: "termFrequency.periodFrequencyType.months", value: "Months" },
  numberOfRepayments: 3,
  repaymentEvery: 1,
  repaymentFrequencyType: { id: 2, code: "repaymentFrequency.periodFrequencyType.months", value: "Months" },
  interestRatePerPeriod: 2,
  annualInterestRate: 24,
  timeline: {
    submittedOnDate: [2024, 2, 25],
    approvedOnDate: [2024, 2, 28],
    actualDisbursementDate: [2024, 3, 1],
  },
});

const status = (id: number, code: string, flags: Record<string, boolean>) => ({
  id,
  code: `loanStatusType.${code}`,
  value: code,
  pendingApproval: false,
  waitingForDisbursal: false,
  active: false,
  closedObligationsMet: false,
  closedWrittenOff: false,
  closedRescheduled: false,
  closed: false,
  overpaid: false,
  ...flags,
});

/** 1,200.00 over 3 months: each period 400.00 principal + 24.00 interest + 5.00 fee = 429.00. */
export const loan21 = (transactions: unknown[], summary: Record<string, number>) => ({
  ...base(21, 1, 1200),
  status: status(300, "active", { active: true }),
  summary: { currency: ghs, principalDisbursed: 1200, ...summary },
  repaymentSchedule: {
    currency: ghs,
    periods: [
      {
        dueDate: [2024, 3, 1],
        principalDisbursed: 1200,
        principalLoanBalanceOutstanding: 1200,
        feeChargesDue: 0,
      },
      period(1, [2024, 4, 1], 400, 24, 5),
      period(2, [2024, 5, 1], 400, 24, 5),
      period(3, [2024, 6, 1], 400, 24, 5),
    ],
  },
  transactions,
});

export const loan21Transactions = [
  disbursementTx(501, [2024, 3, 1], 1200),
  repaymentTx(502, [2024, 4, 1], 429), // on its due date
  repaymentTx(503, [2024, 5, 10], 429), // 9 days late
  repaymentTx(504, [2024, 5, 20], 100, true), // reversed: no money
];

export const loan22Rejected = {
  ...base(22, 2, 5000),
  status: status(500, "rejected", {}),
  repaymentSchedule: { periods: [period(1, [2024, 4, 1], 5000, 0, 0)] },
  transactions: [],
};

export const loan23Closed = {
  ...base(23, 1, 300),
  termFrequency: 1,
  numberOfRepayments: 1,
  status: status(600, "closed.obligations.met", { closedObligationsMet: true, closed: true }),
  summary: { currency: ghs, principalDisbursed: 300, totalOutstanding: 0 },
  repaymentSchedule: {
    periods: [{ dueDate: [2024, 3, 1], principalDisbursed: 300 }, period(1, [2024, 4, 15], 300, 0, 0)],
  },
  transactions: [disbursementTx(510, [2024, 3, 1], 300), repaymentTx(511, [2024, 4, 15], 300)],
};
