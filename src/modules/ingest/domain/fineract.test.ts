import { describe, expect, it } from "vitest";
import { clientToCustomer, fineractDate, savingsToAccount, savingsTransaction } from "./fineract";

describe("Fineract mapping", () => {
  it("reads [y, m, d] and string dates", () => {
    expect(fineractDate([2024, 3, 2])).toBe("2024-03-02");
    expect(fineractDate("2024-03-02")).toBe("2024-03-02");
    expect(fineractDate(undefined)).toBeUndefined();
  });

  it("maps a client's legal form and status", () => {
    expect(
      clientToCustomer({
        id: 7,
        displayName: "Accra Foods",
        legalForm: { code: "legalFormType.entity" },
        status: { code: "clientStatusType.pending" },
      }),
    ).toMatchObject({ externalId: "7", externalSource: "fineract", type: "business", status: "inactive" });
  });

  it("maps a savings account's balance and status", () => {
    expect(
      savingsToAccount({
        id: 11,
        clientId: 7,
        status: {
          code: "savingsAccountStatusType.submitted.and.pending.approval",
          value: "Submitted and pending approval",
        },
        currency: { code: "KES" },
        summary: { accountBalance: 10.1 },
      }),
    ).toMatchObject({
      customerExternalId: "7",
      status: "submitted_and_pending_approval",
      currency: "KES",
      currentBalance: "10.10",
    });
  });

  it("gives transactions a direction and skips those that move no money", () => {
    const base = { id: 1, date: [2024, 1, 2], amount: 5, currency: { code: "GHS" } };
    expect(savingsTransaction(11, { ...base, transactionType: { interestPosting: true } })?.type).toBe(
      "credit",
    );
    expect(
      savingsTransaction(11, {
        ...base,
        transactionType: { code: "savingsAccountTransactionType.annualFee" },
      })?.type,
    ).toBe("debit");
    expect(
      savingsTransaction(11, {
        ...base,
        transactionType: { code: "savingsAccountTransactionType.deposit", deposit: true },
        reversed: true,
      }),
    ).toMatchObject({ type: "credit", status: "reversed", amount: "5.00", transactionDate: "2024-01-02" });
    expect(savingsTransaction(11, { ...base, amount: 0, transactionType: { deposit: true } })).toBeNull();
    expect(
      savingsTransaction(11, {
        ...base,
        transactionType: { code: "savingsAccountTransactionType.approveTransfer" },
      }),
    ).toBeNull();
  });
});
