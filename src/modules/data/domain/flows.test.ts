import { describe, expect, it } from "vitest";
import {
  classifyFlow,
  type Flow,
  type FlowEvidence,
  type FlowMapping,
  type FlowRule,
  loanLinkOf,
  normaliseCategory,
} from "./flows";

const base: FlowEvidence = {
  type: "credit",
  category: null,
  description: null,
  counterpartyName: null,
  counterpartyIsOwnAccount: false,
  hasOppositeOwnLeg: false,
  loanLink: null,
};
const none: FlowMapping = new Map();

// [case, evidence changes, tenant mapping, expected flow, deciding rule]
const CASES: Array<[string, Partial<FlowEvidence>, FlowMapping, Flow, FlowRule]> = [
  ["plain credit is revenue", {}, none, "revenue", "direction"],
  ["plain debit is an expense", { type: "debit" }, none, "expense", "direction"],
  [
    "category loan_disbursement on a credit",
    { category: "loan_disbursement" },
    none,
    "loan_disbursement",
    "category",
  ],
  [
    "category Loan-Disbursement (case, dash)",
    { category: " Loan-Disbursement " },
    none,
    "loan_disbursement",
    "category",
  ],
  [
    "disbursement category on a debit falls through",
    { type: "debit", category: "loan_disbursement" },
    none,
    "expense",
    "direction",
  ],
  [
    "category loan_repayment on a debit",
    { type: "debit", category: "loan_repayment" },
    none,
    "loan_repayment",
    "category",
  ],
  ["category refund on a credit", { category: "refund" }, none, "refund", "category"],
  [
    "category refund on a debit (refund paid)",
    { type: "debit", category: "refund" },
    none,
    "refund",
    "category",
  ],
  ["category salary", { category: "payroll" }, none, "salary", "category"],
  ["category fee on a debit", { type: "debit", category: "fees" }, none, "fee", "category"],
  ["cash_in credit is a cash deposit", { category: "cash_in" }, none, "cash_deposit", "category"],
  [
    "cash_out debit is a cash withdrawal",
    { type: "debit", category: "cash_out" },
    none,
    "cash_withdrawal",
    "category",
  ],
  ["unknown category keeps the direction", { category: "misc_42" }, none, "revenue", "direction"],
  ["counterparty is an own account", { counterpartyIsOwnAccount: true }, none, "own_transfer", "own_account"],
  ["matching opposite leg", { type: "debit", hasOppositeOwnLeg: true }, none, "own_transfer", "own_account"],
  [
    "own account beats a sales category",
    { category: "sales", counterpartyIsOwnAccount: true },
    none,
    "own_transfer",
    "own_account",
  ],
  ["loan link on a credit", { loanLink: "disbursement" }, none, "loan_disbursement", "loan_link"],
  [
    "loan link beats own-account evidence",
    { loanLink: "disbursement", hasOppositeOwnLeg: true },
    none,
    "loan_disbursement",
    "loan_link",
  ],
  [
    "repayment link on a debit",
    { type: "debit", loanLink: "repayment" },
    none,
    "loan_repayment",
    "loan_link",
  ],
  ["repayment link ignored on a credit", { loanLink: "repayment" }, none, "revenue", "direction"],
  ["description says refund", { description: "REFUND order 1881" }, none, "refund", "text"],
  [
    "counterparty name says payroll",
    { type: "debit", counterpartyName: "ACME payroll run" },
    none,
    "salary",
    "text",
  ],
  [
    "ATM in a credit's description is not a withdrawal",
    { description: "ATM deposit" },
    none,
    "revenue",
    "direction",
  ],
  [
    "word inside another word does not match",
    { description: "refundable deposit" },
    none,
    "revenue",
    "direction",
  ],
  [
    "tenant mapping wins over everything",
    { category: "POS-SETTLE", counterpartyIsOwnAccount: true },
    new Map([["pos_settle", "revenue" as Flow]]),
    "revenue",
    "tenant_mapping",
  ],
  [
    "tenant maps a category to own_transfer",
    { category: "sweep" },
    new Map([["sweep", "own_transfer" as Flow]]),
    "own_transfer",
    "tenant_mapping",
  ],
  [
    "tenant mapping of another category leaves this one",
    { category: "sales" },
    new Map([["sweep", "own_transfer" as Flow]]),
    "revenue",
    "category",
  ],
];

describe("classifyFlow", () => {
  it.each(CASES)("%s", (_name, changes, mapping, flow, rule) => {
    expect(classifyFlow({ ...base, ...changes }, mapping)).toEqual({ flow, rule });
  });

  it("normalises categories the way mappings are keyed", () => {
    expect(normaliseCategory("  Own Transfer ")).toBe("own_transfer");
    expect(normaliseCategory("loan-repayment")).toBe("loan_repayment");
  });
});

describe("loanLinkOf", () => {
  const tx = {
    customerId: "c1",
    accountId: "a1",
    type: "credit" as const,
    amountMinor: 500_000,
    transactionDate: "2026-03-03T10:00:00.000Z",
  };
  const disbursement = {
    kind: "disbursement" as const,
    customerId: "c1",
    accountId: null,
    date: "2026-03-01",
    amountMinor: 500_000,
  };

  it("links a credit of the principal within two days of the disbursement", () => {
    expect(loanLinkOf(tx, [disbursement])).toBe("disbursement");
  });
  it("does not link three days later, another amount, customer or account", () => {
    expect(loanLinkOf({ ...tx, transactionDate: "2026-03-04T00:00:00Z" }, [disbursement])).toBeNull();
    expect(loanLinkOf({ ...tx, amountMinor: 499_999 }, [disbursement])).toBeNull();
    expect(loanLinkOf({ ...tx, customerId: "c2" }, [disbursement])).toBeNull();
    expect(loanLinkOf(tx, [{ ...disbursement, accountId: "a2" }])).toBeNull();
  });
  it("links a debit only to a repayment", () => {
    expect(loanLinkOf({ ...tx, type: "debit" }, [disbursement])).toBeNull();
    expect(loanLinkOf({ ...tx, type: "debit" }, [{ ...disbursement, kind: "repayment" }])).toBe("repayment");
  });
});
