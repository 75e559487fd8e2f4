import { eq, getTableColumns, gte, type InferSelectModel, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { TenantScope } from "../../db/client";
import { type ListOrder, listOrder, type PageRequest, tablePage } from "../../db/keyset";
import { accounts, agents, customers, dataRowCounts, transactions } from "../../db/shard/data";
import { inJsonList } from "../../db/sql";
import { type TenantTable, tenantSql } from "../../db/tenant-tables";
import { isUuid } from "../../lib/crypto";
import { ftsPhrase, likePattern, usesTrigramIndex, withoutControls } from "./domain/search";

export interface Page {
  limit: number;
  offset: number;
}

/**
 * The rowids the trigram index matches for a tenant's text (3+ characters): the tenant's tag is
 * inside the MATCH (migration 0016), so the index yields only this tenant's rows. A tenant
 * without a tag (no customer yet) matches the empty phrase, which is nothing.
 */
export const searchIndexMatches = (scope: TenantScope, text: string): SQL =>
  sql`SELECT rowid FROM customers_search WHERE customers_search MATCH (
    SELECT 'tenant_tag : "' || coalesce(max(tag), '') || '" AND {name email} : ' || ${ftsPhrase(text)}
    FROM customer_search_tags WHERE ${tenantSql(scope)})`;

/**
 * Name/email substring: the trigram index for 3+ characters, a scan of the tenant for fewer.
 * Control characters are dropped (the query schema refuses them; this guards other callers).
 */
function customerSearch(scope: TenantScope, search: string): SQL {
  const text = withoutControls(search);
  if (usesTrigramIndex(text)) return sql`${customers}.rowid IN (${searchIndexMatches(scope, text)})`;
  const pattern = likePattern(text);
  return or(
    sql`${customers.name} LIKE ${pattern} ESCAPE '\\'`,
    sql`${customers.email} LIKE ${pattern} ESCAPE '\\'`,
  )!;
}

/** Order and name of each data list (the cursor records the name). */
const customerOrder = listOrder("customers", customers, { createdAt: "desc", id: "desc" });
const accountOrder = listOrder("accounts", accounts, { createdAt: "desc", id: "desc" });
const transactionOrder = listOrder("transactions", transactions, { transactionDate: "desc", id: "desc" });
const agentOrder = listOrder("agents", agents, { createdAt: "desc", id: "desc" });

/** The tenant's row count kept by triggers (migration 0033): the total of an unfiltered list. */
const keptCount = async (scope: TenantScope, table: "customers" | "accounts" | "transactions" | "agents") =>
  (
    await scope.db
      .select({ n: dataRowCounts.n })
      .from(dataRowCounts, eq(dataRowCounts.tableName, table))
      .get()
  )?.n ?? 0;

/** One page of a data table: an unfiltered list's total is the kept count, not a COUNT. */
function listPage<T extends SQLiteTable & TenantTable>(
  scope: TenantScope,
  table: T,
  order: ListOrder<InferSelectModel<T>>,
  filter: object,
  where: (SQL | undefined)[],
  page: PageRequest,
) {
  const unfiltered = where.every((w) => w === undefined);
  const kept = () => keptCount(scope, order.name as Parameters<typeof keptCount>[1]);
  return tablePage(scope.db, table, order, filter, where, page, unfiltered ? kept : undefined);
}

export const listCustomers = (
  scope: TenantScope,
  filter: { search?: string; status?: string },
  page: PageRequest,
) =>
  listPage(
    scope,
    customers,
    customerOrder,
    filter,
    [
      filter.status ? eq(customers.status, filter.status) : undefined,
      filter.search ? customerSearch(scope, filter.search) : undefined,
    ],
    page,
  );

export const findCustomer = (scope: TenantScope, customerId: string) =>
  scope.db.select().from(customers, eq(customers.id, customerId)).get();

/** The customer owning an account (a case about the account is about that customer's data). */
export const findAccountOwner = (scope: TenantScope, accountId: string) =>
  scope.db.select({ customerId: accounts.customerId }).from(accounts, eq(accounts.id, accountId)).get();

/**
 * The expressions the mention indexes hold (migrations/shard/0066_customer_mention_indexes.sql):
 * SQLite uses an expression index only for the same expression, so these are its one copy.
 */
const MENTION_EXPRESSIONS = {
  email: sql`lower(${customers.email})`,
  name: sql`lower(trim(${customers.name}))`,
  phone: sql`substr(replace(replace(replace(replace(replace(replace(${customers.phone}, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), -9)`,
};
/** Values per lookup: one bound JSON list each (a long note offers thousands of word runs). */
const MENTION_CHUNK = 1_000;
const MAX_MENTIONED = 20;

/** Customers other than `except` whose folded e-mail, name or phone tail is one of `values`. */
export const mentionLookupQuery = (
  scope: TenantScope,
  by: keyof typeof MENTION_EXPRESSIONS,
  values: readonly string[],
  except: string,
) =>
  scope.db
    .select({ id: customers.id })
    .from(customers, inJsonList(MENTION_EXPRESSIONS[by], values), sql`${customers.id} <> ${except}`)
    .limit(MAX_MENTIONED);

/**
 * Customers other than `except` whose folded e-mail, folded full name or phone tail is one of the
 * candidates a text offers (src/modules/data/domain/mentions.ts): up to 20. Each lookup probes an
 * index per candidate, so the cost follows the text, not the tenant's customers.
 */
export async function customersMentioned(
  scope: TenantScope,
  candidates: Record<keyof typeof MENTION_EXPRESSIONS, string[]>,
  except: string,
) {
  const found = new Set<string>();
  for (const by of ["email", "name", "phone"] as const) {
    const values = candidates[by];
    for (let i = 0; i < values.length && found.size < MAX_MENTIONED; i += MENTION_CHUNK)
      for (const row of await mentionLookupQuery(scope, by, values.slice(i, i + MENTION_CHUNK), except))
        found.add(row.id);
  }
  return [...found].slice(0, MAX_MENTIONED);
}

/** Customers by id, in one statement (GraphQL's nested lookups); absent ids are left out. */
export const findCustomers = (scope: TenantScope, ids: readonly string[]) =>
  scope.db.select().from(customers, inJsonList(customers.id, ids)).all();

/**
 * The same page of accounts for each of several customers, in one statement: accounts are
 * numbered per customer in list order (newest first, id tie-break) and the page is cut from
 * each numbering.
 */
export async function listAccountsOfCustomers(
  scope: TenantScope,
  customerIds: readonly string[],
  page: Page,
) {
  const ranked = scope.db
    .select({
      ...getTableColumns(accounts),
      rank: sql<number>`row_number() OVER (PARTITION BY ${accounts.customerId} ORDER BY ${accounts.createdAt} DESC, ${accounts.id} DESC)`.as(
        "rank",
      ),
    })
    .from(accounts, inJsonList(accounts.customerId, customerIds))
    .as("ranked");
  const rows = await scope.db
    .select()
    .fromSubquery(ranked)
    .where(sql`${ranked.rank} > ${page.offset} AND ${ranked.rank} <= ${page.offset + page.limit}`)
    .orderBy(ranked.customerId, sql`${ranked.rank}`);
  return rows.map(({ rank: _rank, ...row }) => row);
}

export const listAccounts = (scope: TenantScope, filter: { customerId?: string }, page: PageRequest) =>
  listPage(
    scope,
    accounts,
    accountOrder,
    filter,
    [filter.customerId ? eq(accounts.customerId, filter.customerId) : undefined],
    page,
  );

export interface TransactionFilter {
  customerId?: string;
  accountId?: string;
  type?: "credit" | "debit";
  flow?: string;
  startDate?: string;
  endDate?: string;
}

export const listTransactions = (scope: TenantScope, filter: TransactionFilter, page: PageRequest) =>
  listPage(
    scope,
    transactions,
    transactionOrder,
    filter,
    [
      filter.customerId ? eq(transactions.customerId, filter.customerId) : undefined,
      filter.accountId ? eq(transactions.accountId, filter.accountId) : undefined,
      filter.type ? eq(transactions.type, filter.type) : undefined,
      filter.flow ? eq(transactions.flow, filter.flow) : undefined,
      filter.startDate ? gte(transactions.transactionDate, filter.startDate) : undefined,
      filter.endDate ? lte(transactions.transactionDate, filter.endDate) : undefined,
    ],
    page,
  );

/**
 * The same page of transactions for each of several customers or accounts, in one statement:
 * per parent id a correlated subquery takes the page's row ids from the parent's index range
 * (newest first, the same order as listTransactions), then the rows are read by rowid. No
 * round trip per parent, and no numbering of every transaction the parents have.
 */
export function listTransactionsOfParents(
  scope: TenantScope,
  parent: "customerId" | "accountId",
  parentIds: readonly string[],
  filter: Omit<TransactionFilter, "customerId" | "accountId">,
  page: Page,
) {
  const parentColumn = sql.raw(parent === "customerId" ? "customer_id" : "account_id");
  const filters = sql.join(
    [
      filter.type ? sql` AND pg.type = ${filter.type}` : undefined,
      filter.flow ? sql` AND pg.flow = ${filter.flow}` : undefined,
      filter.startDate ? sql` AND pg.transaction_date >= ${filter.startDate}` : undefined,
      filter.endDate ? sql` AND pg.transaction_date <= ${filter.endDate}` : undefined,
    ].filter((f): f is SQL => f !== undefined),
  );
  // The FROM is raw SQL (json_each has no Drizzle table), so the columns are selected as SQL
  // that still maps each value like the column does.
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(transactions)).map(([name, column]) => [
      name,
      sql`${transactions}.${sql.identifier(column.name)}`.mapWith(column),
    ]),
  ) as { [K in keyof typeof transactions.$inferSelect]: SQL<(typeof transactions.$inferSelect)[K]> };
  return scope.db
    .select(columns)
    .fromSql(
      sql`json_each(${JSON.stringify(parentIds)}) AS parent JOIN ${transactions} ON ${transactions}.rowid IN (
        SELECT pg.rowid FROM ${transactions} AS pg
        WHERE ${tenantSql(scope, "pg")} AND pg.${parentColumn} = parent.value${filters}
        ORDER BY pg.transaction_date DESC, pg.id DESC LIMIT ${page.limit} OFFSET ${page.offset})`,
    )
    .orderBy(sql`parent.key, ${transactions}.transaction_date DESC, ${transactions}.id DESC`)
    .all();
}

export const listAgents = (
  scope: TenantScope,
  filter: { tier?: string; region?: string; status?: string },
  page: PageRequest,
) =>
  listPage(
    scope,
    agents,
    agentOrder,
    filter,
    [
      filter.tier ? eq(agents.agentTier, filter.tier) : undefined,
      filter.region ? eq(agents.region, filter.region) : undefined,
      filter.status ? eq(agents.agentStatus, filter.status) : undefined,
    ],
    page,
  );

export const findAgent = (scope: TenantScope, agentId: string) =>
  scope.db.select().from(agents, eq(agents.agentId, agentId)).get();

/** An agent by the tenant's identifier (`agentId`) or, failing that, by its stored UUID (`id`). */
export async function findAgentByRef(scope: TenantScope, ref: string) {
  const byCode = await findAgent(scope, ref);
  if (byCode || !isUuid(ref)) return byCode;
  return scope.db.select().from(agents, eq(agents.id, ref.toLowerCase())).get();
}

/** Every kept row count of the tenant (migration 0033), by table; a table with no row yet is absent. */
export async function rowCounts(scope: TenantScope): Promise<Record<string, number>> {
  const rows = await scope.db
    .select({ table: dataRowCounts.tableName, n: dataRowCounts.n })
    .from(dataRowCounts);
  return Object.fromEntries(rows.map((r) => [r.table, r.n]));
}
