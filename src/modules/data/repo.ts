import { and, count, desc, eq, gte, type InferSelectModel, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { TenantScope } from "../../db/client";
import { accounts, agents, customers, transactions } from "../../db/shard";

export interface Page {
  limit: number;
  offset: number;
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Name/email substring: the trigram index for 3+ characters, a scan of the tenant for fewer. */
function customerSearch(search: string): SQL {
  if ([...search].length >= 3) {
    return sql`${customers}.rowid IN (SELECT rowid FROM customers_search WHERE customers_search MATCH ${ftsPhrase(search)})`;
  }
  const pattern = escapeLike(search);
  return or(
    sql`${customers.name} LIKE ${pattern} ESCAPE '\\'`,
    sql`${customers.email} LIKE ${pattern} ESCAPE '\\'`,
  )!;
}

/**
 * One page of a tenant table and its total, from one batch (one snapshot, one round trip).
 * `orderBy` must end in a unique column so limit/offset never skips or repeats a row.
 */
async function listPage<T extends SQLiteTable>(
  scope: TenantScope,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  page: Page,
): Promise<{ rows: InferSelectModel<T>[]; total: number }> {
  const [rows, [{ n }]] = await scope.db.batch([
    scope.db
      .select()
      .from(table as SQLiteTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset),
    scope.db
      .select({ n: count() })
      .from(table as SQLiteTable)
      .where(where),
  ]);
  return { rows: rows as InferSelectModel<T>[], total: n };
}

export const listCustomers = (scope: TenantScope, filter: { search?: string; status?: string }, page: Page) =>
  listPage(
    scope,
    customers,
    and(
      eq(customers.tenantId, scope.tenantId),
      filter.status ? eq(customers.status, filter.status) : undefined,
      filter.search ? customerSearch(filter.search) : undefined,
    ),
    [desc(customers.createdAt), desc(customers.id)],
    page,
  );

export const findCustomer = (scope: TenantScope, customerId: string) =>
  scope.db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, scope.tenantId), eq(customers.id, customerId)))
    .get();

export const listAccounts = (scope: TenantScope, filter: { customerId?: string }, page: Page) =>
  listPage(
    scope,
    accounts,
    and(
      eq(accounts.tenantId, scope.tenantId),
      filter.customerId ? eq(accounts.customerId, filter.customerId) : undefined,
    ),
    [desc(accounts.createdAt), desc(accounts.id)],
    page,
  );

export interface TransactionFilter {
  customerId?: string;
  accountId?: string;
  type?: "credit" | "debit";
  startDate?: string;
  endDate?: string;
}

export const listTransactions = (scope: TenantScope, filter: TransactionFilter, page: Page) =>
  listPage(
    scope,
    transactions,
    and(
      eq(transactions.tenantId, scope.tenantId),
      filter.customerId ? eq(transactions.customerId, filter.customerId) : undefined,
      filter.accountId ? eq(transactions.accountId, filter.accountId) : undefined,
      filter.type ? eq(transactions.type, filter.type) : undefined,
      filter.startDate ? gte(transactions.transactionDate, filter.startDate) : undefined,
      filter.endDate ? lte(transactions.transactionDate, filter.endDate) : undefined,
    ),
    [desc(transactions.transactionDate), desc(transactions.id)],
    page,
  );

export const listAgents = (
  scope: TenantScope,
  filter: { tier?: string; region?: string; status?: string },
  page: Page,
) =>
  listPage(
    scope,
    agents,
    and(
      eq(agents.tenantId, scope.tenantId),
      filter.tier ? eq(agents.agentTier, filter.tier) : undefined,
      filter.region ? eq(agents.region, filter.region) : undefined,
      filter.status ? eq(agents.agentStatus, filter.status) : undefined,
    ),
    [desc(agents.createdAt), desc(agents.id)],
    page,
  );

export const findAgent = (scope: TenantScope, agentId: string) =>
  scope.db
    .select()
    .from(agents)
    .where(and(eq(agents.tenantId, scope.tenantId), eq(agents.agentId, agentId)))
    .get();
