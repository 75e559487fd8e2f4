import { describe, expect, it } from "vitest";
import type { ScheduleLine } from "./allocation";
import { combineRecords, loanRecord } from "./repayment-record";

// Three installments of 100.00 (minor units 10,000), due on the 1st of Jan, Feb and Mar.
const schedule: ScheduleLine[] = ["2026-01-01", "2026-02-01", "2026-03-01"].map((dueDate, i) => ({
  seq: i + 1,
  dueDate,
  due: { principal: 10_000, interest: 0, fee: 0 },
}));
const paid = (paidOn: string, amount = 10_000, id = paidOn) => ({ id, paidOn, amount, installmentSeq: null });

describe("loanRecord", () => {
  it("counts an installment paid on its due date as on time; one due today is not yet due", () => {
    const r = loanRecord(schedule, [paid("2026-01-01"), paid("2026-02-01")], "2026-03-01");
    expect(r).toEqual({ loans: 1, installmentsDue: 2, installmentsOnTime: 2, daysPastDue: 0 });
  });

  it("a late payment is not on time, and the unpaid installment gives days past due", () => {
    const r = loanRecord(schedule, [paid("2026-01-06")], "2026-02-11");
    // Jan: late. Feb: unpaid, 10 days past due. Mar: not due.
    expect(r).toEqual({ loans: 1, installmentsDue: 2, installmentsOnTime: 0, daysPastDue: 10 });
  });

  it("a partial payment by the due date is not on time", () => {
    const r = loanRecord(schedule, [paid("2025-12-20", 9_999)], "2026-01-15");
    expect(r).toMatchObject({ installmentsDue: 1, installmentsOnTime: 0, daysPastDue: 14 });
  });

  it("leaves out installments older than the lookback", () => {
    const r = loanRecord(schedule, [], "2026-03-15", 30);
    // Only March's (due 14 days before) is inside 30 days; January's is the oldest unpaid: 73 days.
    expect(r).toEqual({ loans: 1, installmentsDue: 1, installmentsOnTime: 0, daysPastDue: 73 });
  });

  it("combines loans: counts add up, days past due is the worst", () => {
    const a = { loans: 1, installmentsDue: 2, installmentsOnTime: 2, daysPastDue: 0 };
    const b = { loans: 1, installmentsDue: 3, installmentsOnTime: 1, daysPastDue: 12 };
    expect(combineRecords([a, b])).toEqual({
      loans: 2,
      installmentsDue: 5,
      installmentsOnTime: 3,
      daysPastDue: 12,
    });
  });
});
