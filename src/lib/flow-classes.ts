/**
 * The transaction flow classes (docs/methodology/flows.md): what a movement of money is. Here,
 * below every module, so the event catalog and the data module name one list.
 */
export const FLOWS = [
  "revenue",
  "expense",
  "own_transfer",
  "loan_disbursement",
  "loan_repayment",
  "refund",
  "fee",
  "salary",
  "cash_deposit",
  "cash_withdrawal",
  "other",
] as const;
export type Flow = (typeof FLOWS)[number];
