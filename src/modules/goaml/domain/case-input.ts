/**
 * From our rows (an AML case, its customer, accounts and transactions) to the STR builder's
 * input. Our data model holds no identity documents, so the KYC fields the schema requires
 * (gender, birthdate, id number, nationality, identification, ...) come from the analyst's
 * request (the institution's KYC file); what neither has is left out and the validator names
 * it. Nothing is guessed: a name is split into first and last only when no KYC name is given.
 */
import { accountCodes, type FiuProfile } from "./fiu-profile";
import type {
  AddressInput,
  ClientAccountInput,
  CounterpartyInput,
  IdentificationInput,
  InstitutionInput,
  PersonInput,
  PhoneInput,
} from "./parties";
import type { ReportingEntityInput, TransactionInput } from "./report";
import type { ValidationIssue } from "./validate";

/** The newest transactions of the case window an STR carries; the reason says when there were more. */
export const STR_MAX_TRANSACTIONS = 100;

export interface CustomerFacts {
  externalId: string;
  name: string;
  businessInfo: Record<string, string>;
}

export interface AccountFacts {
  id: string;
  externalId: string;
  name: string | null;
  type: string;
  status: string;
  currency: string;
  sourceCreatedAt: string | null;
  createdAt: string;
}

export interface TransactionFacts {
  id: string;
  externalId: string;
  accountId: string;
  type: "credit" | "debit";
  amountMinor: number;
  currency: string;
  description: string | null;
  category: string | null;
  transactionDate: string;
  channel: string | null;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  counterpartyCountry: string | null;
}

/** KYC facts the analyst enters from the institution's KYC file (never stored by this service). */
export interface KycSubject {
  gender?: string;
  title?: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  birthdate?: string;
  idNumber?: string;
  nationality?: string;
  residence?: string;
  occupation?: string;
  taxRegistered?: boolean;
  phones?: PhoneInput[];
  addresses?: AddressInput[];
  identifications?: IdentificationInput[];
}

export interface CaseFacts {
  id: string;
  ruleId: string;
  ruleName: string;
  explanation: string;
  evidence: Array<{ field: string; observed: string; threshold: string; context: string }>;
  windowStart: string;
  windowEnd: string;
}

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The account holder: KYC facts first, then what the customer row holds. */
export function holderOf(customer: CustomerFacts, kyc: KycSubject = {}): PersonInput {
  const parts = customer.name.trim().split(/\s+/);
  const split =
    parts.length > 1 ? { first: parts[0], last: parts.at(-1) } : { first: undefined, last: undefined };
  const taxId = customer.businessInfo.taxId;
  return defined({
    ...kyc,
    firstName: kyc.firstName ?? split.first ?? "",
    lastName: kyc.lastName ?? split.last ?? "",
    taxNumber: taxId,
    // Holding a tax id is being registered for tax; otherwise only the KYC file can say.
    taxRegistered: kyc.taxRegistered ?? (taxId ? true : undefined),
  });
}

export function clientAccount(
  profile: FiuProfile,
  entity: ReportingEntityInput,
  customer: CustomerFacts,
  account: AccountFacts,
  holder: PersonInput,
): ClientAccountInput {
  return {
    branch: entity.branch ?? "",
    accountNumber: account.externalId,
    currency: account.currency,
    accountName: account.name ?? customer.name,
    clientNumber: customer.externalId,
    ...accountCodes(profile, account.type, account.status),
    opened: account.sourceCreatedAt ?? account.createdAt,
    holder,
  };
}

/** An account of the reporting institution's own book, found by its number (the counterparty side). */
export interface OwnAccount {
  accountName: string;
}

/**
 * The other side of a transaction. Its account number is kept whenever we have it: an account of
 * our own book is a `t_account` at the reporting institution (whose code or SWIFT we hold); an
 * account elsewhere, whose institution our data does not name (goAML's t_account requires its
 * code or SWIFT), is the entity by name with the account number in its comments.
 */
export function counterpartyOf(
  t: Pick<TransactionFacts, "counterpartyName" | "counterpartyAccount" | "counterpartyCountry">,
  institution?: InstitutionInput,
  ownAccount?: (accountNumber: string) => OwnAccount | undefined,
): CounterpartyInput | undefined {
  const country = t.counterpartyCountry ?? undefined;
  const number = t.counterpartyAccount?.trim() || undefined;
  const own = number && institution ? ownAccount?.(number) : undefined;
  if (number && own && institution)
    return defined({
      kind: "account" as const,
      institutionName: institution.name,
      institutionCode: institution.code,
      swift: institution.code === undefined ? institution.swift : undefined,
      accountNumber: number,
      accountName: t.counterpartyName ?? own.accountName,
      country,
    });
  const named = t.counterpartyName ?? number;
  if (!named) return undefined;
  return defined({
    kind: "entity" as const,
    name: named,
    country,
    comments: number && t.counterpartyName ? `Account number: ${number}` : undefined,
  });
}

/** Our transactions as the builder's; a foreign-currency one is an issue (amount_local is local). */
export function transactionInputs(
  profile: FiuProfile,
  rows: TransactionFacts[],
  clientOf: (accountId: string) => ClientAccountInput | undefined,
  counterparties: {
    institution?: InstitutionInput;
    ownAccount?: (accountNumber: string) => OwnAccount | undefined;
  } = {},
): { transactions: TransactionInput[]; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const transactions: TransactionInput[] = [];
  for (const [i, t] of rows.entries()) {
    const client = clientOf(t.accountId);
    if (!client) {
      issues.push({ path: `transactions[${i}].accountId`, message: `account ${t.accountId} not found` });
      continue;
    }
    if (t.currency !== profile.currencyCodeLocal)
      issues.push({
        path: `transactions[${i}].currency`,
        message: `${t.externalId} is in ${t.currency}, not the local currency ${profile.currencyCodeLocal}`,
      });
    transactions.push(
      defined({
        id: t.externalId,
        internalRef: t.id,
        description: t.description ?? t.category ?? "",
        date: t.transactionDate,
        direction: t.type,
        amountMinor: t.amountMinor,
        channel: t.channel,
        client,
        counterparty: counterpartyOf(t, counterparties.institution, counterparties.ownAccount),
      }),
    );
  }
  return { transactions, issues };
}

/** The reason: the analyst's narrative, then what the case recorded (rule, window, explanation, evidence). */
export function reasonOf(narrative: string, c: CaseFacts): string {
  const evidence = c.evidence.map(
    (e) =>
      `- ${e.field}: observed ${e.observed}, threshold ${e.threshold}${e.context ? ` (${e.context})` : ""}`,
  );
  return [
    narrative.trim(),
    "",
    `Case ${c.id}: rule ${c.ruleId} (${c.ruleName}), window ${c.windowStart} to ${c.windowEnd}.`,
    c.explanation,
    ...(evidence.length ? ["Evidence:", ...evidence] : []),
  ].join("\n");
}
