/**
 * The SQL of one page of a tenant's rows of a table in primary-key order (readPage in
 * src/db/tenant-rows.ts runs it): the keyset pager's statement, and the identifier helpers the
 * other tenant-rows statements share. Names come from the code's own table list, never input.
 */

/** A table as the pager sees it: its name and primary key (key order is page order). */
export interface KeyedTable {
  name: string;
  key: string[];
}

/** A table with its stored columns (generated ones excluded): what a copy writes. */
export interface TableShape extends KeyedTable {
  columns: string[];
}

/** Which rows a page holds: keys (JSON arrays, as a page gives them) after `after` and at most `upTo`. */
export interface PageRange {
  after: string | null;
  /** Inclusive upper bound; null or absent: none. */
  upTo?: string | null;
  limit: number;
}

/** What each row of a page carries besides its key: see readPage. */
export type PageContent = "json" | "row" | "key";

export const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const keyList = (table: KeyedTable, prefix = "") =>
  table.key.map((k) => `${prefix}${q(k)}`).join(", ");
const placeholders = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `?${from + i}`).join(", ");

/**
 * Tenants with at least this many rows in a table are paged along the primary key itself,
 * smaller ones through their tenant_id index (see pageQuery). Either way a page costs at most
 * about this many rows read: a sort of fewer rows than this, or a key range holding
 * page x (table rows / tenant rows) rows of all tenants.
 */
export const PRIMARY_KEY_PAGING_ROWS = 20_000;

/** Tables whose key does not start with tenant_id: a page has two plans (see pageQuery). */
export const pagedTwoWays = (table: KeyedTable) => table.key[0] !== "tenant_id";

/** Whether the tenant has at least PRIMARY_KEY_PAGING_ROWS rows of the table (reads at most that many index entries). */
export const largeTenantSql = (table: KeyedTable) =>
  `SELECT count(*) >= ${PRIMARY_KEY_PAGING_ROWS} AS large FROM ` +
  `(SELECT 1 FROM ${q(table.name)} WHERE tenant_id = ?1 LIMIT ${PRIMARY_KEY_PAGING_ROWS})`;

/**
 * The statement of one page: `json_array(key)` first, then the content; ?1 is the tenant.
 * `large` (largeTenantSql) picks the plan when the key does not start with tenant_id. Left to
 * itself SQLite takes the tenant_id index (an equality beats a range; D1 keeps no statistics)
 * and sorts all the tenant's rows for every page: a pass over a tenant with 1,000,000
 * transactions sorted 1,000,000 rows 2,000 times per side, seconds a page. A large tenant walks
 * the primary key from the cursor instead (`+tenant_id` keeps the planner off the tenant index);
 * a small one keeps the index and sorts its few rows, since walking the key would read every
 * other tenant's rows between its own. Both plans give the same rows in the same order.
 */
export function pageQuery(
  table: KeyedTable | TableShape,
  tenantId: string,
  range: PageRange,
  content: PageContent,
  large = false,
) {
  const n = table.key.length;
  const params: unknown[] = [tenantId];
  let bounds = "";
  if (range.after != null) {
    bounds += ` AND (${keyList(table)}) > (${placeholders(params.length + 1, n)})`;
    params.push(...(JSON.parse(range.after) as unknown[]));
  }
  if (range.upTo != null) {
    bounds += ` AND (${keyList(table)}) <= (${placeholders(params.length + 1, n)})`;
    params.push(...(JSON.parse(range.upTo) as unknown[]));
  }
  const select =
    content === "json"
      ? `, json_array(${(table as TableShape).columns.map(q).join(", ")})`
      : content === "row"
        ? ", *"
        : "";
  const tenant = large && pagedTwoWays(table) ? "+tenant_id = ?1" : "tenant_id = ?1";
  const sql =
    `SELECT json_array(${keyList(table)})${select} FROM ${q(table.name)} WHERE ${tenant}${bounds} ` +
    `ORDER BY ${keyList(table)} LIMIT ${Math.floor(range.limit)}`;
  return { sql, params };
}
