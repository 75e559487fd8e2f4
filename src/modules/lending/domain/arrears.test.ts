import { describe, expect, it } from "vitest";
import { allocate } from "./allocation";
import { arrearsOf, bucketOf, dpdFromOldestUnpaid } from "./arrears";
import { isMonthEnd, parRatio, previousMonthEnd, transitions } from "./transitions";

// A 3-installment loan of 300.00 principal, 10.00 interest and 1.00 fee per installment.
const schedule = [1, 2, 3].map((seq) => ({
  seq,
  dueDate: `2026-0${seq}-31`.replace("02-31", "02-28").replace("03-31", "03-31"),
  due: { principal: 10_000, interest: 1_000, fee: 100 },
}));

describe("buckets", () => {
  it("puts boundaries where the methodology says", () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([
      "current",
      "1-30",
      "1-30",
      "31-60",
      "31-60",
      "61-90",
      "61-90",
      "90+",
      "90+",
    ]);
  });
});

describe("allocation", () => {
  it("pays fees, then interest, then principal, oldest installment first", () => {
    // 111.00 pays installment 1 in full; 15.00 more: fee 1.00, interest 10.00, principal 4.00 of #2.
    const { installments, repayments } = allocate(schedule, [
      { id: "b", paidOn: "2026-02-10", amount: 1_500, installmentSeq: null },
      { id: "a", paidOn: "2026-01-30", amount: 11_100, installmentSeq: null },
    ]);
    expect(installments[0].paid).toEqual({ principal: 10_000, interest: 1_000, fee: 100 });
    expect(installments[1].paid).toEqual({ principal: 400, interest: 1_000, fee: 100 });
    expect(repayments.get("b")).toEqual({
      allocation: [{ seq: 2, principal: 400, interest: 1_000, fee: 100 }],
      unallocated: 0,
    });
  });

  it("pays a named installment first and keeps an overpayment unallocated", () => {
    const { installments, repayments } = allocate(schedule, [
      { id: "x", paidOn: "2026-01-05", amount: 11_100 * 3 + 500, installmentSeq: 3 },
    ]);
    expect(installments.every((i) => i.paid.principal === 10_000)).toBe(true);
    const x = repayments.get("x")!;
    expect(x.allocation.map((l) => l.seq)).toEqual([1, 2, 3]);
    expect(x.unallocated).toBe(500);
  });

  it("sends a named installment's remainder to the oldest one", () => {
    const { installments } = allocate(schedule, [
      { id: "x", paidOn: "2026-01-05", amount: 11_100 + 200, installmentSeq: 2 },
    ]);
    expect(installments[1].paid.principal).toBe(10_000);
    // The 2.00 left goes to installment 1's fee (1.00) and interest (1.00).
    expect(installments[0].paid).toEqual({ principal: 0, interest: 100, fee: 100 });
  });
});

describe("arrears", () => {
  it("counts days from the oldest unpaid installment that fell due before asOf", () => {
    // Installment 1 (due 2026-01-31) unpaid: on 2026-03-15 it is 43 days late (28 of February + 15).
    const { installments } = allocate(schedule, []);
    const a = arrearsOf(installments, "2026-03-15");
    expect(a.daysPastDue).toBe(43);
    expect(a.bucket).toBe("31-60");
    expect(a.overdue).toEqual({ principal: 20_000, interest: 2_000, fee: 200, total: 22_200 });
    expect(a.outstanding.total).toBe(33_300);
    expect(a.overdueInstallments).toBe(2);
  });

  it("is current on the due date itself and after a full payment", () => {
    const { installments } = allocate(schedule, []);
    expect(arrearsOf(installments, "2026-01-31").daysPastDue).toBe(0);
    const paid = allocate(schedule, [
      { id: "p", paidOn: "2026-01-31", amount: 11_100, installmentSeq: null },
    ]);
    const a = arrearsOf(paid.installments, "2026-02-10");
    expect(a.daysPastDue).toBe(0);
    expect(a.oldestUnpaidDueDate).toBe("2026-02-28");
  });

  it("keeps a partly paid installment late (interest paid, principal not)", () => {
    const { installments } = allocate(schedule, [
      { id: "p", paidOn: "2026-01-31", amount: 1_100, installmentSeq: null },
    ]);
    const a = arrearsOf(installments, "2026-02-02");
    expect(a.daysPastDue).toBe(2);
    expect(a.overdue).toEqual({ principal: 10_000, interest: 0, fee: 0, total: 10_000 });
    expect(dpdFromOldestUnpaid(a.oldestUnpaidDueDate, "2026-02-02")).toBe(2);
  });
});

describe("transitions and PAR helpers", () => {
  it("raises entered_arrears only when leaving current, and repaid once", () => {
    expect(transitions({ bucket: "current", repaid: false }, { bucket: "1-30", repaid: false })).toEqual([
      { type: "loan.entered_arrears", from: "current", to: "1-30" },
      { type: "loan.bucket_changed", from: "current", to: "1-30" },
    ]);
    expect(transitions({ bucket: "1-30", repaid: false }, { bucket: "31-60", repaid: false })).toHaveLength(
      1,
    );
    expect(transitions({ bucket: "31-60", repaid: false }, { bucket: "current", repaid: true })).toEqual([
      { type: "loan.bucket_changed", from: "31-60", to: "current" },
      { type: "loan.repaid", from: "31-60", to: "current" },
    ]);
    expect(transitions({ bucket: "current", repaid: true }, { bucket: "current", repaid: true })).toEqual([]);
  });

  it("rounds ratios and finds month-ends", () => {
    expect(parRatio(1, 3)).toBe(0.3333);
    expect(parRatio(5, 0)).toBe(0);
    expect(previousMonthEnd("2026-03-01")).toBe("2026-02-28");
    expect(previousMonthEnd("2026-01-15")).toBe("2025-12-31");
    expect(isMonthEnd("2028-02-29")).toBe(true);
    expect(isMonthEnd("2026-02-28")).toBe(true);
    expect(isMonthEnd("2026-03-30")).toBe(false);
  });
});
