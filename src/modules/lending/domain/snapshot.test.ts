import { describe, expect, it } from "vitest";
import type { RepaymentInput, ScheduleLine } from "./allocation";
import { monthEndsBetween, snapshotStates, statusAfter } from "./snapshot";

// 3 installments of 1,000.00 principal (+ 50.00 interest), due the 10th of Oct, Nov and Dec.
const schedule: ScheduleLine[] = ["2026-10-10", "2026-11-10", "2026-12-10"].map((dueDate, i) => ({
  seq: i + 1,
  dueDate,
  due: { principal: 100_000, interest: 5_000, fee: 0 },
}));
const pay = (id: string, paidOn: string, amount: number): RepaymentInput => ({
  id,
  paidOn,
  amount,
  installmentSeq: null,
});
const loan = { id: "L1", status: "active", disbursementDate: "2026-09-10", outstandingPrincipalNow: 0 };
const months = ["2026-09-30", "2026-10-31", "2026-11-30", "2026-12-31"];

describe("a loan's month-ends as they were then", () => {
  it("counts only the repayments paid by each month-end", () => {
    // October paid on time; November's paid late, on 5 Dec; December's on 10 Dec: paid off.
    const repayments = [
      pay("r1", "2026-10-10", 105_000),
      pay("r2", "2026-12-05", 105_000),
      pay("r3", "2026-12-10", 105_000),
    ];
    expect(snapshotStates(loan, schedule, repayments, months)).toEqual([
      { monthEnd: "2026-09-30", loanId: "L1", dpd: 0, bucket: "current", outstandingPrincipal: 300_000 },
      { monthEnd: "2026-10-31", loanId: "L1", dpd: 0, bucket: "current", outstandingPrincipal: 200_000 },
      // 30 Nov: November's installment is 20 days late, though it is paid today.
      { monthEnd: "2026-11-30", loanId: "L1", dpd: 20, bucket: "1-30", outstandingPrincipal: 200_000 },
      // 31 Dec: nothing left, so not in the book (rolls to closed).
    ]);
  });

  it("leaves out month-ends before the disbursement and loans that left the book undated", () => {
    const late = { ...loan, disbursementDate: "2026-10-15" };
    expect(snapshotStates(late, schedule, [], months).map((s) => s.monthEnd)).toEqual([
      "2026-10-31",
      "2026-11-30",
      "2026-12-31",
    ]);
    expect(snapshotStates({ ...loan, status: "written_off" }, schedule, [], months)).toEqual([]);
    expect(snapshotStates({ ...loan, status: "pending" }, schedule, [], months)).toEqual([]);
    expect(
      snapshotStates({ ...loan, status: "closed", outstandingPrincipalNow: 100_000 }, schedule, [], months),
    ).toEqual([]);
    // Paid off (closed by us, nothing owed): its past month-ends are still reconstructed.
    expect(snapshotStates({ ...loan, status: "closed" }, schedule, [], months)).toHaveLength(4);
  });

  it("closes an active loan with nothing left to pay, and leaves every other status alone", () => {
    expect(statusAfter("active", true)).toBe("closed");
    expect(statusAfter("active", false)).toBe("active");
    expect(statusAfter("written_off", true)).toBe("written_off");
    expect(statusAfter("pending", true)).toBe("pending");
  });

  it("lists the month-ends of a range", () => {
    expect(monthEndsBetween("2026-01-15", "2026-04-30")).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
    expect(monthEndsBetween("2028-02-01", "2028-03-30")).toEqual(["2028-02-29"]);
  });
});
