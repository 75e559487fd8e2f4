import { and, count, desc, eq, gte, lte, or, type SQL, sql } from "drizzle-orm";
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

/** One batch: the page and the total from the same snapshot. */
async function pageOf<T>(scope: TenantScope, rows: Promise<T[]> | unknown, total: unknown) {
  const [data, [{ n }]] = (await scope.db.batch([rows as never, total as never])) as unknown as [
    T[],
    { n: number }[],
  ];
  return { rows: data, total: n };
}

export function listCustomers(scope: TenantScope, filter: { search?: string; status?: string }, page: Page) {
  const where = and(
    eq(customers.tenantId, scope.tenantId),
    filter.status ? eq(customers.status, filter.status) : undefined,
    filter.search ? customerSearch(filter.search) : undefined,
  );
  return pageOf<typeof customers.$inferSelect>(
    scope,
    scope.db
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(page.limit)
      .offset(page.offset),
    scope.db.select({ n: count() }).from(customers).where(where),
  );
}

export const findCustomer = (scope: TenantScope, customerId: string) =>
  scope.db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, scope.tenantId), eq(customers.id, customerId)))
    .get();

export function listAccounts(scope: TenantScope, filter: { customerId?: string }, page: Page) {
  const where = and(
    eq(accounts.tenantId, scope.tenantId),
    filter.customerId ? eq(accounts.customerId, filter.customerId) : undefined,
  );
  return pageOf<typeof accounts.$inferSelect>(
    scope,
    scope.db
      .select()
      .from(accounts)
      .where(where)
      .orderBy(desc(accounts.createdAt), desc(accounts.id))
      .limit(page.limit)
      .offset(page.offset),
    scope.db.select({ n: count() }).from(accounts).where(where),
  );
}

export interface TransactionFilter {
  customerId?: string;
  accountId?: string;
  type?: "credit" | "debit";
  startDate?: string;
  endDate?: string;
}

export function listTransactions(scope: TenantScope, filter: TransactionFilter, page: Page) {
  const where = and(
    eq(transactions.tenantId, scope.tenantId),
    filter.customerId ? eq(transactions.customerId, filter.customerId) : undefined,
    filter.accountId ? eq(transactions.accountId, filter.accountId) : undefined,
    filter.type ? eq(transactions.type, filter.type) : undefined,
    filter.startDate ? gte(transactions.transactionDate, filter.startDate) : undefined,
    filter.endDate ? lte(transactions.transactionDate, filter.endDate) : undefined,
  );
  return pageOf<typeof transactions.$inferSelect>(
    scope,
    scope.db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.transactionDate), desc(transactions.id))
      .limit(page.limit)
      .offset(page.offset),
    scope.db.select({ n: count() }).from(transactions).where(where),
  );
}

export function listAgents(
  scope: TenantScope,
  filter: { tier?: string; region?: string; status?: string },
  page: Page,
) {
  const where = and(
    eq(agents.tenantId, scope.tenantId),
    filter.tier ? eq(agents.agentTier, filter.tier) : undefined,
    filter.region ? eq(agents.region, filter.region) : undefined,
    filter.status ? eq(agents.agentStatus, filter.status) : undefined,
  );
  return pageOf<typeof agents.$inferSelect>(
    scope,
    scope.db
      .select()
      .from(agents)
      .where(where)
      .orderBy(desc(agents.createdAt), desc(agents.id))
      .limit(page.limit)
      .offset(page.offset),
    scope.db.select({ n: count() }).from(agents).where(where),
  );
}

export const findAgent = (scope: TenantScope, agentId: string) =>
  scope.db
    .select()
    .from(agents)
    .where(and(eq(agents.tenantId, scope.tenantId), eq(agents.agentId, agentId)))
    .get();
