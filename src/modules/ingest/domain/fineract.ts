/**
 * Apache Fineract REST shapes -> ingestion records. Dates come as [year, month, day]
 * arrays unless a dateFormat is requested; amounts are JSON numbers in the account's
 * currency. Everything maps to externalSource "fineract" with Fineract's numeric ids.
 */
export const FINERACT_SOURCE = "fineract";

export interface FineractPage<T> {
  totalFilteredRecords?: number;
  pageItems?: T[];
}

export type FineractDate = number[] | string | null | undefined;

interface Status {
  code?: string;
  value?: string;
}

export interface FineractClient {
  id: number;
  accountNo?: string;
  externalId?: string;
  status?: Status;
  active?: boolean;
  displayName?: string;
  fullname?: string;
  firstname?: string;
  lastname?: string;
  mobileNo?: string;
  emailAddress?: string;
  legalForm?: { code?: string; value?: string };
  activationDate?: FineractDate;
  timeline?: { submittedOnDate?: FineractDate; activatedOnDate?: FineractDate };
}

export interface FineractSavingsAccount {
  id: number;
  accountNo?: string;
  externalId?: string;
  clientId?: number;
  clientName?: string;
  savingsProductName?: string;
  status?: Status & { active?: boolean; closed?: boolean };
  currency?: { code?: string };
  summary?: { accountBalance?: number; availableBalance?: number; [k: string]: unknown };
  timeline?: { submittedOnDate?: FineractDate; activatedOnDate?: FineractDate };
}

export interface FineractTransaction {
  id: number;
  transactionType?: {
    code?: string;
    value?: string;
    deposit?: boolean;
    withdrawal?: boolean;
    interestPosting?: boolean;
    dividendPayout?: boolean;
    feeDeduction?: boolean;
    [k: string]: unknown;
  };
  date?: FineractDate;
  submittedOnDate?: FineractDate;
  currency?: { code?: string };
  amount?: number;
  runningBalance?: number;
  reversed?: boolean;
  paymentDetailData?: { paymentType?: { name?: string } };
}

export function fineractDate(value: FineractDate): string | undefined {
  if (Array.isArray(value) && value.length >= 3) {
    const [y, m, d] = value;
    return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  }
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  return undefined;
}

const money = (n: number | undefined): string | undefined =>
  typeof n === "number" && Number.isFinite(n) ? n.toFixed(2) : undefined;

const snake = (text: string | undefined) =>
  text
    ?.trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "") || undefined;

function customerStatus(status: Status | undefined, active: boolean | undefined): string {
  const code = status?.code ?? "";
  if (code.endsWith(".active") || active) return "active";
  if (code.endsWith(".closed")) return "closed";
  return "inactive";
}

export function clientToCustomer(c: FineractClient): Record<string, unknown> {
  const entity = /entity/i.test(c.legalForm?.code ?? c.legalForm?.value ?? "");
  const name = c.displayName ?? c.fullname ?? [c.firstname, c.lastname].filter(Boolean).join(" ");
  return {
    externalId: String(c.id),
    externalSource: FINERACT_SOURCE,
    name: name || `Client ${c.id}`,
    type: entity ? "business" : "individual",
    email: c.emailAddress || undefined,
    phone: c.mobileNo || undefined,
    status: customerStatus(c.status, c.active),
    createdAt: fineractDate(c.timeline?.submittedOnDate) ?? fineractDate(c.activationDate),
  };
}

export function savingsToAccount(a: FineractSavingsAccount): Record<string, unknown> {
  return {
    externalId: String(a.id),
    externalSource: FINERACT_SOURCE,
    customerExternalId: a.clientId === undefined ? undefined : String(a.clientId),
    type: "savings",
    name: a.savingsProductName ? `${a.savingsProductName} ${a.accountNo ?? a.id}` : a.accountNo,
    status: snake(a.status?.value) ?? (a.status?.active ? "active" : undefined),
    currency: a.currency?.code ?? a.summary?.currency,
    currentBalance: money(a.summary?.accountBalance) ?? "0.00",
    availableBalance: money(a.summary?.availableBalance),
    createdAt: fineractDate(a.timeline?.activatedOnDate) ?? fineractDate(a.timeline?.submittedOnDate),
  };
}

/** What changes whenever the account moves: balance, totals, status. */
export const accountFingerprint = (a: FineractSavingsAccount): string =>
  JSON.stringify([a.status?.code ?? null, a.summary ?? null]);

function direction(t: FineractTransaction): "credit" | "debit" | undefined {
  const type = t.transactionType ?? {};
  if (type.deposit || type.interestPosting || type.dividendPayout) return "credit";
  if (type.withdrawal || type.feeDeduction) return "debit";
  const code = `${type.code ?? ""} ${type.value ?? ""}`.toLowerCase();
  if (/deposit|interest|dividend|transfer.?in|credit/.test(code)) return "credit";
  if (/withdraw|fee|charge|transfer.?out|debit|overdraft/.test(code)) return "debit";
  return undefined;
}

/** A savings transaction, or null for ones that move no money (zero amount, unknown kind). */
export function savingsTransaction(
  accountId: number | string,
  t: FineractTransaction,
): Record<string, unknown> | null {
  const type = direction(t);
  const amount = money(t.amount);
  const date = fineractDate(t.date) ?? fineractDate(t.submittedOnDate);
  if (!type || !amount || amount === "0.00" || !date) return null;
  return {
    externalId: String(t.id),
    externalSource: FINERACT_SOURCE,
    accountExternalId: String(accountId),
    type,
    amount: amount.replace("-", ""),
    currency: t.currency?.code,
    transactionDate: date,
    category: snake(t.transactionType?.value),
    description: t.transactionType?.value,
    status: t.reversed ? "reversed" : "completed",
    balanceAfter: money(t.runningBalance),
    channel: snake(t.paymentDetailData?.paymentType?.name),
  };
}
