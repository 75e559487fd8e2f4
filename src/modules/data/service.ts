import type { TenantScope } from "../../db/client";
import type { PageRequest } from "../../db/keyset";
import type { AccountRow, AgentRow, CustomerRow, TransactionRow } from "../../db/shard/data";
import { notFound } from "../../lib/errors";
import { fromMinor, fromMinorOrNull } from "../../lib/money";
import { presentPage } from "../../lib/pagination";
import type { Flow } from "./domain/flows";
import { emailsIn, namesIn, phoneTails } from "./domain/mentions";
import * as repo from "./repo";

/** Rows ingested before nulls were dropped may still hold `"legalName": null`: never shown. */
const stringsOnly = (info: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(info ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"),
  );

export const presentCustomer = (row: CustomerRow) => ({
  id: row.id,
  tenantId: row.tenantId,
  externalId: row.externalId,
  externalSource: row.externalSource,
  type: row.type,
  name: row.name,
  email: row.email,
  phone: row.phone,
  status: row.status as "active" | "inactive" | "suspended" | "closed",
  vertical: row.vertical,
  riskLevel: row.riskLevel,
  riskScore: row.riskScore,
  tags: row.tags,
  businessInfo: stringsOnly(row.businessInfo),
  sourceCreatedAt: row.sourceCreatedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const presentAccount = (row: AccountRow) => ({
  id: row.id,
  tenantId: row.tenantId,
  customerId: row.customerId,
  externalId: row.externalId,
  type: row.type,
  name: row.name,
  status: row.status,
  currency: row.currency,
  currentBalance: fromMinor(row.currentBalanceMinor),
  availableBalance: fromMinorOrNull(row.availableBalanceMinor),
  creditLimit: fromMinorOrNull(row.creditLimitMinor),
  sourceCreatedAt: row.sourceCreatedAt,
  createdAt: row.createdAt,
});

export const presentTransaction = (row: TransactionRow) => ({
  id: row.id,
  tenantId: row.tenantId,
  customerId: row.customerId,
  accountId: row.accountId,
  agentId: row.agentId,
  externalId: row.externalId,
  type: row.type,
  category: row.category,
  amount: fromMinor(row.amountMinor),
  currency: row.currency,
  description: row.description,
  status: row.status,
  transactionDate: row.transactionDate,
  merchantName: row.merchantName,
  balanceAfter: fromMinorOrNull(row.balanceAfterMinor),
  channel: row.channel,
  counterpartyName: row.counterpartyName,
  counterpartyCountry: row.counterpartyCountry,
  flow: row.flow as Flow | null,
});

export const presentAgent = (row: AgentRow) => ({
  id: row.id,
  tenantId: row.tenantId,
  agentId: row.agentId,
  agentCode: row.agentCode,
  agentName: row.agentName,
  agentType: row.agentType,
  agentTier: row.agentTier,
  agentStatus: row.agentStatus,
  floatBalance: fromMinor(row.floatBalanceMinor),
  floatLimit: fromMinor(row.floatLimitMinor),
  currency: row.currency,
  region: row.region,
  servesRegions: row.servesRegions,
  activatedAt: row.activatedAt,
  lastTransactionAt: row.lastTransactionAt,
  sourceCreatedAt: row.sourceCreatedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function listCustomers(
  scope: TenantScope,
  filter: { search?: string; status?: string },
  page: PageRequest,
) {
  return presentPage(await repo.listCustomers(scope, filter, page), presentCustomer);
}

/** Other modules call this to resolve a customer (404 when absent or another tenant's). */
export async function getCustomer(scope: TenantScope, customerId: string) {
  const row = await repo.findCustomer(scope, customerId);
  if (!row) throw notFound("Customer");
  return row;
}

/** The id of the customer owning an account; null when there is no such account. */
export const accountOwner = async (scope: TenantScope, accountId: string): Promise<string | null> =>
  (await repo.findAccountOwner(scope, accountId))?.customerId ?? null;

/**
 * The customers other than `except` whose e-mail, full name or phone appears in `text` (a case
 * note about `except`): the text is then sealed under their keys too, so erasing any of them
 * makes it unreadable (src/modules/privacy/subject-keys/service.ts sealPersonalText).
 */
export const customersMentionedIn = (scope: TenantScope, text: string, except: string) =>
  repo.customersMentioned(
    scope,
    { email: emailsIn(text), name: namesIn(text), phone: phoneTails(text) },
    except,
  );

/** Customers by id (one statement, any number of ids), keyed by id; absent ids are not keys. */
export async function getCustomersByIds(scope: TenantScope, ids: readonly string[]) {
  return new Map((await repo.findCustomers(scope, ids)).map((row) => [row.id, row]));
}

/** The same page of accounts for each customer (one statement), keyed by customer id. */
export async function listAccountsOfCustomers(
  scope: TenantScope,
  customerIds: readonly string[],
  page: repo.Page,
) {
  const byCustomer = new Map<string, ReturnType<typeof presentAccount>[]>();
  for (const row of await repo.listAccountsOfCustomers(scope, customerIds, page)) {
    const list = byCustomer.get(row.customerId) ?? [];
    list.push(presentAccount(row));
    byCustomer.set(row.customerId, list);
  }
  return byCustomer;
}

export async function listAccounts(scope: TenantScope, filter: { customerId?: string }, page: PageRequest) {
  return presentPage(await repo.listAccounts(scope, filter, page), presentAccount);
}

const isoUtc = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined);

export async function listTransactions(
  scope: TenantScope,
  filter: repo.TransactionFilter,
  page: PageRequest,
) {
  // Stored dates are UTC ISO strings; bring offsets to the same form so comparison is exact.
  const normalized = { ...filter, startDate: isoUtc(filter.startDate), endDate: isoUtc(filter.endDate) };
  return presentPage(await repo.listTransactions(scope, normalized, page), presentTransaction);
}

/** The same page of transactions for each customer or account (one statement), keyed by parent id. */
export async function listTransactionsOfParents(
  scope: TenantScope,
  parent: "customerId" | "accountId",
  parentIds: readonly string[],
  filter: Omit<repo.TransactionFilter, "customerId" | "accountId">,
  page: repo.Page,
) {
  const normalized = { ...filter, startDate: isoUtc(filter.startDate), endDate: isoUtc(filter.endDate) };
  const byParent = new Map<string, ReturnType<typeof presentTransaction>[]>();
  for (const row of await repo.listTransactionsOfParents(scope, parent, parentIds, normalized, page)) {
    const list = byParent.get(row[parent]) ?? [];
    list.push(presentTransaction(row));
    byParent.set(row[parent], list);
  }
  return byParent;
}

export async function listAgents(
  scope: TenantScope,
  filter: { tier?: string; region?: string; status?: string },
  page: PageRequest,
) {
  return presentPage(await repo.listAgents(scope, filter, page), presentAgent);
}

export async function getAgent(scope: TenantScope, agentId: string) {
  const row = await repo.findAgent(scope, agentId);
  if (!row) throw notFound("Agent");
  return row;
}

/**
 * An agent named by the tenant's identifier (`agentId`, what ingest took) or by the UUID the API
 * shows as its `id`; the identifier wins when both could match. 404 otherwise.
 */
export async function getAgentByRef(scope: TenantScope, ref: string) {
  const row = await repo.findAgentByRef(scope, ref);
  if (!row) throw notFound("Agent");
  return row;
}

/** The tenant's rows per data table (customers, accounts, transactions, agents), kept by triggers. */
export const rowCounts = (scope: TenantScope) => repo.rowCounts(scope);
