import { describe, expect, it } from "vitest";
import { loanRepaymentRecords, loanStatus, loanToRecord } from "./fineract-loans";

const periods = [
  { dueDate: [2024, 3, 1], principalDisbursed: 100.1 },
  {
    period: 1,
    dueDate: [2024, 4, 1],
    principalDue: 50.05,
    interestDue: 2,
    feeChargesDue: 1,
    penaltyChargesDue: 0.5,
  },
  { period: 2, dueDate: [2024, 5, 1], principalDue: 50.05, interestDue: 1 },
];

describe("Fineract loan mapping", () => {
  it("maps statuses; rejected and withdrawn applications are not loans", () => {
    expect(loanStatus({ code: "loanStatusType.active", active: true })).toBe("active");
    expect(loanStatus({ code: "loanStatusType.submitted.and.pending.approval", pendingApproval: true })).toBe(
      "pending",
    );
    expect(loanStatus({ code: "loanStatusType.approved", waitingForDisbursal: true })).toBe("pending");
    expect(loanStatus({ code: "loanStatusType.closed.obligations.met", closedObligationsMet: true })).toBe(
      "closed",
    );
    expect(loanStatus({ code: "loanStatusType.closed.written.off", closedWrittenOff: true })).toBe(
      "written_off",
    );
    expect(loanStatus({ code: "loanStatusType.rejected" })).toBeNull();
    expect(loanStatus({ code: "loanStatusType.withdrawn.by.client" })).toBeNull();
  });

  it("takes the numbered periods as installments, fees plus penalties as the fee, their principal as the loan's", () => {
    const mapped = loanToRecord({
      id: 9,
      clientId: 4,
      status: { code: "loanStatusType.active" },
      annualInterestRate: 18.25,
      termFrequency: 1,
      termPeriodFrequencyType: { code: "termFrequency.periodFrequencyType.years" },
      timeline: { expectedDisbursementDate: [2024, 2, 28], actualDisbursementDate: [2024, 3, 1] },
      currency: { code: "KES" },
      repaymentSchedule: { periods },
    });
    expect(mapped).toEqual({
      record: expect.objectContaining({
        externalId: "9",
        customerExternalId: "4",
        principal: "100.10",
        interestRate: "18.25",
        termCount: 12,
        termUnit: "months",
        disbursementDate: "2024-03-01",
        currency: "KES",
        schedule: [
          { seq: 1, dueDate: "2024-04-01", principal: "50.05", interest: "2.00", fee: "1.50" },
          { seq: 2, dueDate: "2024-05-01", principal: "50.05", interest: "1.00", fee: "0.00" },
        ],
      }),
    });
    expect(loanToRecord({ id: 1, status: { code: "loanStatusType.active" } })).toEqual({
      skip: "no repayment schedule",
      reportable: true,
    });
  });

  it("keeps repayments that moved money and were not reversed", () => {
    const tx = (id: number, type: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      id,
      type,
      date: [2024, 4, 2],
      amount: 10,
      ...extra,
    });
    const records = loanRepaymentRecords({ id: 9, currency: { code: "KES" } }, [
      tx(1, { disbursement: true, code: "loanTransactionType.disbursement" }),
      tx(2, { repayment: true }),
      tx(3, { repayment: true }, { manuallyReversed: true }),
      tx(4, { code: "loanTransactionType.repayment" }, { amount: 0 }),
      tx(5, { code: "loanTransactionType.repayment" }),
    ]);
    expect(records.map((r) => r.id)).toEqual([2, 5]);
    expect(records[0].record).toEqual({
      externalId: "2",
      externalSource: "fineract",
      loanExternalId: "9",
      amount: "10.00",
      currency: "KES",
      paidOn: "2024-04-02",
    });
  });
});
