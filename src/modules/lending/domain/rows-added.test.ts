import { describe, expect, it } from "vitest";
import { rowsAdded } from "./rows-added";

const stored = (installments: number, repayments: number) => ({ loan: true, installments, repayments });

describe("rows a lending write adds", () => {
  it("counts a new loan with its whole schedule and repayments", () => {
    expect(
      rowsAdded([
        { before: { loan: false, installments: 0, repayments: 0 }, installments: 12, repayments: 1 },
      ]),
    ).toEqual({ loans: 1, loan_installments: 12, loan_repayments: 1 });
  });

  it("counts only what a stored loan gains: new repayments, a longer schedule", () => {
    expect(
      rowsAdded([
        { before: stored(6, 2), installments: 6, repayments: 4 }, // two new repayments
        { before: stored(6, 1), installments: 9, repayments: 1 }, // schedule extended by three
      ]),
    ).toEqual({ loans: 0, loan_installments: 3, loan_repayments: 2 });
  });

  it("adds nothing for a re-sent or corrected loan, and a shorter schedule frees no room for others", () => {
    expect(rowsAdded([{ before: stored(6, 2), installments: 6, repayments: 2 }])).toEqual({
      loans: 0,
      loan_installments: 0,
      loan_repayments: 0,
    });
    expect(
      rowsAdded([
        { before: stored(12, 0), installments: 6, repayments: 0 },
        { before: stored(6, 0), installments: 8, repayments: 0 },
      ]).loan_installments,
    ).toBe(2);
  });
});
