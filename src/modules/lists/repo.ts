import { eq, getTableColumns, isNull, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { countRows, keysetPage, listOrder, type PageRequest, planned, tablePage } from "../../db/keyset";
import { type ListRow, listHistory, lists } from "../../db/shard/lists";
import { type TenantOf, tenantSql, tenantValue, tenantWhere } from "../../db/tenant-tables";

export type Page = PageRequest;

export type NewList = Omit<typeof lists.$inferInsert, "tenantId">;
export type NewHistory = Omit<typeof listHistory.$inferInsert, "tenantId">;

/**
 * INSERT ... SELECT lists the table's columns in declaration order: select the values in it,
 * the tenant column being the scope's.
 */
const selectedValues = (scope: TenantScope, table: typeof lists | typeof listHistory, values: object) =>
  sql.join(
    Object.keys(getTableColumns(table)).map((name) =>
      name === "tenantId" ? tenantValue(scope) : sql`${(values as Record<string, unknown>)[name] ?? null}`,
    ),
    sql`, `,
  );

/** `EXISTS` the live list `listId` (for statements over its entries). */
export const liveListExists = (scope: TenantOf, listId: string, alias = "list_live") =>
  sql`EXISTS (SELECT 1 FROM lists ${sql.identifier(alias)} WHERE ${tenantSql(scope, alias)}
    AND ${sql.identifier(alias)}.id = ${listId} AND ${sql.identifier(alias)}.archived_at IS NULL)`;

// ---- lists -------------------------------------------------------------------------------

/**
 * Inserts the list only while the tenant has fewer than `cap` live lists: the count and the
 * insert are one statement, so concurrent creates cannot pass the cap together.
 */
export function insertListUnderCap(scope: TenantScope, row: NewList, cap: number) {
  const live = tenantWhere(scope, lists, isNull(lists.archivedAt));
  return scope.db.insert(lists).select(
    sql`SELECT ${selectedValues(scope, lists, row)}
        WHERE (SELECT count(*) FROM ${lists} WHERE ${live}) < ${cap}`,
  );
}

/** A history row, for the change's batch; with onlyIfChanged only if the statement before changed a row. */
export function insertHistory(scope: TenantScope, row: NewHistory, onlyIfChanged: boolean) {
  const values = { ...row, details: row.details ? JSON.stringify(row.details) : null };
  return scope.db
    .insert(listHistory)
    .select(
      sql`SELECT ${selectedValues(scope, listHistory, values)} WHERE ${onlyIfChanged ? sql`changes() > 0` : sql`1`}`,
    );
}

const entryCount = (scope: TenantScope) =>
  sql<number>`(SELECT count(*) FROM list_entries list_count WHERE ${tenantSql(scope, "list_count")}
    AND list_count.list_id = lists.id)`.mapWith(Number); // "lists": the unaliased outer table

const withCount = (scope: TenantScope) => ({ ...getTableColumns(lists), entryCount: entryCount(scope) });
export type ListWithCount = ListRow & { entryCount: number };

export const findList = (scope: TenantScope, id: string): Promise<ListWithCount | undefined> =>
  scope.db.select(withCount(scope)).from(lists, eq(lists.id, id)).get();

const listOrderOfLists = listOrder("lists", lists, { createdAt: "desc", id: "desc" });
const historyOrder = listOrder("list-history", listHistory, { createdAt: "desc", id: "desc" });

export function listLists(
  scope: TenantScope,
  filter: { kind?: ListRow["kind"]; includeArchived: boolean },
  page: Page,
) {
  const where = [
    filter.kind ? eq(lists.kind, filter.kind) : undefined,
    filter.includeArchived ? undefined : isNull(lists.archivedAt),
  ];
  return keysetPage(listOrderOfLists, filter, page, {
    rows: (plan) => planned(scope.db.select(withCount(scope)).from(lists, ...where, plan.after), plan),
    count: countRows(scope.db, lists, ...where),
  });
}

/** For a batch: changes a live list only. */
export const updateLiveList = (scope: TenantScope, id: string, patch: Partial<NewList>) =>
  scope.db.update(lists).set(patch).where(eq(lists.id, id), isNull(lists.archivedAt)).returning();

// ---- history -----------------------------------------------------------------------------

export function listHistoryPage(scope: TenantScope, listId: string, page: Page) {
  const where = eq(listHistory.listId, listId);
  return tablePage(scope.db, listHistory, historyOrder, { listId }, [where], page);
}

// ---- SQL-side normalization (for other modules' set-based reads) ---------------------------

/**
 * A column normalized in SQL the way domain/normalize.ts normalizes a list's values, for an
 * equality with list_entries.value. SQLite's lower()/upper() fold ASCII only, and whitespace
 * runs up to 8 long collapse: exact for ASCII data, an approximation beyond it (documented in
 * docs/decisions/lists.md#sql-side-comparison). A phone in local form never matches.
 */
export function normalizedColumnSql(entryType: ListRow["entryType"], column: SQL): SQL {
  const spaced = sql`replace(${column}, char(9), ' ')`;
  if (entryType === "name" || entryType === "counterparty") {
    let collapsed: SQL = spaced;
    for (let i = 0; i < 3; i++) collapsed = sql`replace(${collapsed}, '  ', ' ')`;
    return sql`lower(trim(${collapsed}))`;
  }
  if (entryType === "account_number") return sql`upper(replace(${spaced}, ' ', ''))`;
  if (entryType === "country") return sql`upper(trim(${column}))`;
  if (entryType === "phone") {
    let digits: SQL = sql`trim(${column})`;
    for (const c of ["+", " ", "-", "(", ")", "."])
      digits = sql`replace(${digits}, ${sql.raw(`'${c}'`)}, '')`;
    return sql`(CASE WHEN trim(${column}) LIKE '+%' THEN ${digits}
      WHEN ${digits} LIKE '00%' THEN substr(${digits}, 3) ELSE NULL END)`;
  }
  return column;
}
