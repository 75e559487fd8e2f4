import {
  type KeyedTable,
  keyList,
  largeTenantSql,
  type PageContent,
  type PageRange,
  pagedTwoWays,
  pageQuery,
  q,
  type TableShape,
} from "./tenant-page-sql";

export type { KeyedTable, PageRange, TableShape } from "./tenant-page-sql";

/**
 * One tenant's rows of one shard table, page by page, on a raw D1 binding: THE keyset pager
 * (readPage) and the statements built on it, for every job that walks a tenant's tables: a
 * tenant move (src/modules/admin/moves: copy, compare, hash, delete the old copy), offboarding
 * (export, delete, count) and erasure (src/db/maintenance.ts). Every statement binds at most
 * 1 + 2 x key columns values: a page of rows travels as one JSON parameter expanded with
 * json_each, so the 100-parameter limit never caps a page. Table names and keys come from the
 * code's own list (src/db/tenant-table-list.ts), never from input; columns from the database.
 */

/** A page: each row's key and content as SQLite's JSON text (identical text means identical values). */
export interface RowPage<Row = string> {
  keys: string[];
  rows: Row[];
  /** D1 statements the page took: 1, or 2 with the size probe of a table paged two ways. */
  statements: number;
}

/** The size probe's last answer per binding, table and tenant (per isolate). */
const sizeSeen = new WeakMap<D1Database, Map<string, { large: boolean; until: number; uses: number }>>();
const SIZE_REMEMBERED_MS = 10 * 60_000;
/** Pages read on a "small" answer before asking again (a copy's target grows a page at a time). */
const SMALL_ANSWER_PAGES = 20;

/**
 * Whether the tenant is large in the table (pageQuery's plan); [large, statements spent]. An
 * answer is remembered: a large one for a while (a stale one costs time, never rows), a small
 * one for SMALL_ANSWER_PAGES pages, since the target of a copy grows: it is seen large by
 * PRIMARY_KEY_PAGING_ROWS + SMALL_ANSWER_PAGES pages of rows at most.
 */
async function largeTenant(db: D1Database, table: KeyedTable, tenantId: string): Promise<[boolean, number]> {
  if (!pagedTwoWays(table)) return [false, 0];
  const seen = sizeSeen.get(db) ?? new Map<string, { large: boolean; until: number; uses: number }>();
  sizeSeen.set(db, seen);
  const id = `${table.name}\u0000${tenantId}`;
  const known = seen.get(id);
  if (known && known.until > Date.now() && (known.large || known.uses-- > 0)) return [known.large, 0];
  const row = await db.prepare(largeTenantSql(table)).bind(tenantId).first<{ large: number }>();
  const large = Boolean(row?.large);
  seen.set(id, { large, until: Date.now() + SIZE_REMEMBERED_MS, uses: SMALL_ANSWER_PAGES - 1 });
  return [large, 1];
}

const columnsOf = new Map<string, string[]>();

/** The table's stored columns, read from the database (the schema is the same on every shard; cached per isolate). */
export async function tableShape(db: D1Database, table: KeyedTable): Promise<TableShape> {
  let columns = columnsOf.get(table.name);
  if (!columns) {
    const { results } = await db.prepare(`PRAGMA table_info(${q(table.name)})`).all<{ name: string }>();
    if (results.length === 0) throw new Error(`no table ${table.name} on this shard`);
    columns = results.map((c) => c.name);
    columnsOf.set(table.name, columns);
  }
  return { ...table, columns };
}

/**
 * `range.limit` rows of the tenant in key order, with a key after `range.after` (exclusive)
 * and at most `range.upTo` (inclusive), each with its key as JSON text. Each row comes back as
 * `content` says: "json", SQLite's JSON text of the shape's columns (compared, copied and
 * hashed by a move); "row", the row as D1 reads it, every column (exported); "key", nothing
 * (rows is empty: the keys are the page).
 */
export async function readPage(
  db: D1Database,
  table: TableShape,
  tenantId: string,
  range: PageRange,
  content?: "json",
): Promise<RowPage<string>>;
export async function readPage(
  db: D1Database,
  table: KeyedTable,
  tenantId: string,
  range: PageRange,
  content: "row",
): Promise<RowPage<Record<string, unknown>>>;
export async function readPage(
  db: D1Database,
  table: KeyedTable,
  tenantId: string,
  range: PageRange,
  content: "key",
): Promise<RowPage<never>>;
export async function readPage(
  db: D1Database,
  table: KeyedTable | TableShape,
  tenantId: string,
  range: PageRange,
  content: PageContent = "json",
): Promise<RowPage<unknown>> {
  const [large, probed] = await largeTenant(db, table, tenantId);
  const { sql, params } = pageQuery(table, tenantId, range, content, large);
  const statement = db.prepare(sql).bind(...params);
  const statements = 1 + probed;
  if (content !== "row") {
    const raw = await statement.raw<[string, string?]>();
    return { keys: raw.map((r) => r[0]), rows: content === "json" ? raw.map((r) => r[1]) : [], statements };
  }
  // Column names from D1 itself: a row reads exactly as `SELECT *` gives it.
  const [names, ...raw] = await statement.raw<unknown[]>({ columnNames: true });
  const columns = ((names ?? []) as string[]).slice(1);
  const rows = raw.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i + 1]])));
  return { keys: raw.map((r) => r[0] as string), rows, statements };
}

/** Largest JSON parameter of one upsert; D1 takes far larger values, this keeps statements quick. */
const UPSERT_CHUNK_BYTES = 256 * 1024;

/**
 * Statements that make the rows (JSON arrays in the shape's column order) exist as given:
 * insert, or update a row with the same key whose content differs (an equal row is not
 * touched, so update triggers never see a no-op).
 */
export function upsertStatements(db: D1Database, shape: TableShape, rows: string[]): D1PreparedStatement[] {
  const cols = shape.columns.map(q).join(", ");
  const values = shape.columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
  const rest = shape.columns.filter((c) => !shape.key.includes(c));
  const onConflict =
    rest.length === 0
      ? "DO NOTHING"
      : `DO UPDATE SET ${rest.map((c) => `${q(c)} = excluded.${q(c)}`).join(", ")} ` +
        `WHERE (${rest.map((c) => `${q(shape.name)}.${q(c)}`).join(", ")}) IS NOT (${rest.map((c) => `excluded.${q(c)}`).join(", ")})`;
  // WHERE true: SQLite's parser needs it between INSERT ... SELECT and ON CONFLICT.
  const sql =
    `INSERT INTO ${q(shape.name)} (${cols}) SELECT ${values} FROM json_each(?1) WHERE true ` +
    `ON CONFLICT (${keyList(shape)}) ${onConflict}`;
  const statements: D1PreparedStatement[] = [];
  let chunk: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (chunk.length) statements.push(db.prepare(sql).bind(`[${chunk.join(",")}]`));
    chunk = [];
    bytes = 0;
  };
  for (const row of rows) {
    if (bytes + row.length > UPSERT_CHUNK_BYTES) flush();
    chunk.push(row);
    bytes += row.length + 1;
  }
  flush();
  return statements;
}

/**
 * The tenant term of a DELETE by keys: the rows are found by their primary key, one lookup per
 * key. A plain `tenant_id = ?1` made SQLite walk all the tenant's index entries and test each
 * against the list: a cleanup of 1,000,000 transactions read the remaining ones for every page.
 */
export const lookedUpTenant = (table: KeyedTable) =>
  pagedTwoWays(table) ? "+tenant_id = ?1" : "tenant_id = ?1";

/** Deletes the tenant's rows with these keys (JSON arrays, as readPage gives them). */
export function deleteKeysStatement(
  db: D1Database,
  shape: TableShape,
  tenantId: string,
  keys: string[],
): D1PreparedStatement {
  const extract = shape.key.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
  return db
    .prepare(
      `DELETE FROM ${q(shape.name)} WHERE ${lookedUpTenant(shape)} AND (${keyList(shape)}) IN ` +
        `(SELECT ${extract} FROM json_each(?2))`,
    )
    .bind(tenantId, `[${keys.join(",")}]`);
}

/**
 * Deletes up to `limit` of the tenant's rows of the table; each deleted row returns one result
 * row, so `results.length` counts them (D1's meta.changes also counts rows its triggers touched).
 */
export const deletePageStatement = (db: D1Database, table: KeyedTable, tenantId: string, limit: number) =>
  db
    .prepare(
      `DELETE FROM ${q(table.name)} WHERE ${lookedUpTenant(table)} AND (${keyList(table)}) IN ` +
        `(SELECT ${keyList(table)} FROM ${q(table.name)} WHERE tenant_id = ?1 LIMIT ${Math.floor(limit)}) ` +
        "RETURNING 1 AS gone",
    )
    .bind(tenantId);

export async function countRows(db: D1Database, table: KeyedTable, tenantId: string): Promise<number> {
  const row = await countStatement(db, table.name, tenantId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** `SELECT count(*) AS n` of one tenant's rows of a table (names from code constants only). */
export const countStatement = (db: D1Database, tableName: string, tenantId: string) =>
  db.prepare(`SELECT count(*) AS n FROM ${q(tableName)} WHERE tenant_id = ?1`).bind(tenantId);

/** The tenant's per-shard search tag (customer_search_tenants), once its customers are gone from the shard. */
export const dropTenantSearchTag = (db: D1Database, tenantId: string) =>
  db.prepare("DELETE FROM customer_search_tenants WHERE tenant_id = ?1").bind(tenantId).run();
