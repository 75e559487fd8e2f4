/**
 * Transaction flow classes (docs/methodology/flows.md): what a movement of money is, so that
 * revenue is not inflated by money that only moved between a customer's own accounts, money
 * lent to the customer, or money given back. Pure: the ingest page and the backfill gather the
 * evidence (tenant mapping, own accounts, matching legs, loan links) in a few set-based reads.
 */

import { FLOWS, type Flow } from "../../../lib/flow-classes";

export { FLOWS, type Flow };

/** Credits of these flows are not earned money: left out of every revenue and inflow metric. */
export const NON_REVENUE_CREDIT_FLOWS = [
  "own_transfer",
  "loan_disbursement",
  "refund",
] as const satisfies Flow[];

/** Which rule decided a flow (kept out of storage; the unit tests and docs name them). */
export type FlowRule = "tenant_mapping" | "loan_link" | "own_account" | "category" | "text" | "direction";

export interface FlowEvidence {
  type: "credit" | "debit";
  category: string | null;
  description: string | null;
  counterpartyName: string | null;
  /** The counterparty account is another account of the same customer. */
  counterpartyIsOwnAccount: boolean;
  /** Another account of the customer has the opposite leg (same amount, within the window). */
  hasOppositeOwnLeg: boolean;
  /** A loan of the customer was disbursed (credit) or repaid (debit) with this amount and date. */
  loanLink: "disbursement" | "repayment" | null;
}

/** The tenant's category -> flow mapping, keys in normalised form (normaliseCategory). */
export type FlowMapping = ReadonlyMap<string, Flow>;

/** Categories are compared trimmed, lower case, with spaces and dashes as underscores. */
export const normaliseCategory = (category: string): string =>
  category
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * Built-in category names. A flow that only one direction can have (a disbursement is money
 * in) is taken only for that direction; the other direction falls through to later rules.
 */
const CATEGORY_FLOWS: Record<string, { flow: Flow; only?: "credit" | "debit" }> = {
  loan_disbursement: { flow: "loan_disbursement", only: "credit" },
  disbursement: { flow: "loan_disbursement", only: "credit" },
  loan_repayment: { flow: "loan_repayment", only: "debit" },
  repayment: { flow: "loan_repayment", only: "debit" },
  own_transfer: { flow: "own_transfer" },
  internal_transfer: { flow: "own_transfer" },
  refund: { flow: "refund" },
  chargeback: { flow: "refund", only: "credit" },
  fee: { flow: "fee" },
  fees: { flow: "fee" },
  charge: { flow: "fee", only: "debit" },
  bank_charges: { flow: "fee", only: "debit" },
  commission: { flow: "fee", only: "debit" },
  salary: { flow: "salary" },
  payroll: { flow: "salary" },
  wages: { flow: "salary" },
  cash_deposit: { flow: "cash_deposit", only: "credit" },
  cash_in: { flow: "cash_deposit", only: "credit" },
  cash_withdrawal: { flow: "cash_withdrawal", only: "debit" },
  cash_out: { flow: "cash_withdrawal", only: "debit" },
  atm: { flow: "cash_withdrawal", only: "debit" },
  revenue: { flow: "revenue", only: "credit" },
  sales: { flow: "revenue", only: "credit" },
  income: { flow: "revenue", only: "credit" },
  purchase: { flow: "expense", only: "debit" },
  expense: { flow: "expense", only: "debit" },
};

/** Words in the description or counterparty name, checked in this order (first match wins). */
const TEXT_RULES: Array<{ pattern: RegExp; flow: Flow; only?: "credit" | "debit" }> = [
  { pattern: /\bloan\s+disburs/i, flow: "loan_disbursement", only: "credit" },
  { pattern: /\bloan\s+(re)?payment\b|\binstal(l)?ment\b/i, flow: "loan_repayment", only: "debit" },
  { pattern: /\brefund(ed)?\b|\bchargeback\b/i, flow: "refund" },
  { pattern: /\b(salary|payroll|wages)\b/i, flow: "salary" },
  { pattern: /\batm\b|\bcash\s+withdrawal\b/i, flow: "cash_withdrawal", only: "debit" },
  { pattern: /\bcash\s+deposit\b/i, flow: "cash_deposit", only: "credit" },
  { pattern: /\b(service|account|maintenance|sms|transfer)\s+(fee|charge)s?\b/i, flow: "fee", only: "debit" },
];

const fits = (only: "credit" | "debit" | undefined, type: "credit" | "debit") =>
  only === undefined || only === type;

/**
 * The flow of one transaction and the rule that decided it. Order: the tenant's mapping of its
 * category (the tenant knows its own codes), a loan link, own-account evidence, the built-in
 * category names, words in the description or counterparty, then the direction.
 */
export function classifyFlow(e: FlowEvidence, mapping: FlowMapping): { flow: Flow; rule: FlowRule } {
  const category = e.category ? normaliseCategory(e.category) : "";
  const mapped = category ? mapping.get(category) : undefined;
  if (mapped) return { flow: mapped, rule: "tenant_mapping" };
  if (e.loanLink === "disbursement" && e.type === "credit")
    return { flow: "loan_disbursement", rule: "loan_link" };
  if (e.loanLink === "repayment" && e.type === "debit") return { flow: "loan_repayment", rule: "loan_link" };
  if (e.counterpartyIsOwnAccount || e.hasOppositeOwnLeg) return { flow: "own_transfer", rule: "own_account" };
  const named = category ? CATEGORY_FLOWS[category] : undefined;
  if (named && fits(named.only, e.type)) return { flow: named.flow, rule: "category" };
  const text = [e.description, e.counterpartyName].filter(Boolean).join(" ");
  if (text) {
    const hit = TEXT_RULES.find((r) => fits(r.only, e.type) && r.pattern.test(text));
    if (hit) return { flow: hit.flow, rule: "text" };
  }
  return { flow: e.type === "credit" ? "revenue" : "expense", rule: "direction" };
}

/** Own-transfer legs: an opposite transaction of the same amount within this many hours. */
export const OWN_LEG_WINDOW_HOURS = 24;
/** Loan links: a transaction within this many days of the disbursement or repayment date. */
export const LOAN_LINK_WINDOW_DAYS = 2;

/** The longest mapping a tenant may keep, and the longest category it may name. */
export const MAX_MAPPING_ENTRIES = 200;
export const MAX_CATEGORY_LENGTH = 64;

/** A loan event the lending book knows: a disbursement or a repayment, with its amount and date. */
export interface LoanEvent {
  kind: "disbursement" | "repayment";
  customerId: string;
  /** The loan's account, when the loan names one (then only that account's transactions link). */
  accountId: string | null;
  /** YYYY-MM-DD. */
  date: string;
  amountMinor: number;
}

const DAY_MS = 86_400_000;

/**
 * The loan link of a transaction: a disbursement credit or repayment debit of the same customer
 * (and the loan's account when it has one) for the same amount within LOAN_LINK_WINDOW_DAYS.
 */
export function loanLinkOf(
  tx: {
    customerId: string;
    accountId: string;
    type: "credit" | "debit";
    amountMinor: number;
    transactionDate: string;
  },
  events: readonly LoanEvent[],
): LoanEvent["kind"] | null {
  const kind = tx.type === "credit" ? "disbursement" : "repayment";
  const day = Date.parse(`${tx.transactionDate.slice(0, 10)}T00:00:00Z`);
  const hit = events.find(
    (e) =>
      e.kind === kind &&
      e.customerId === tx.customerId &&
      (e.accountId === null || e.accountId === tx.accountId) &&
      e.amountMinor === tx.amountMinor &&
      Math.abs(Date.parse(`${e.date}T00:00:00Z`) - day) <= LOAN_LINK_WINDOW_DAYS * DAY_MS,
  );
  return hit ? kind : null;
}
