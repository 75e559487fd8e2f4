import { sha256Hex } from "../lib/crypto";

/**
 * One tenant's rows of one shard table, page by page, on a raw D1 binding: read in primary-key
 * order, write a page into another binding, compare and hash both sides, delete. What a tenant
 * move (src/modules/admin/moves) and offboarding build on. Every statement binds at most
 * 1 + 2 x key columns values: a page of rows travels as one JSON parameter expanded with
 * json_each, so the 100-parameter limit never caps a page. Table names come from the code's
 * own list (TENANT_TABLES), never from input; column names from the database itself.
 */

export interface TableShape {
  table: string;
  columns: string[];
  /** Primary-key columns in key order (the page order on both shards). */
  key: string[];
}

/** A page: each row's key and content as SQLite's JSON text (identical text means identical values). */
export interface RowPage {
  keys: string[];
  rows: string[];
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const shapes = new Map<string, TableShape>();

/** Columns and primary key of a table (the schema is the same on every shard; cached per isolate). */
export async function tableShape(db: D1Database, table: string): Promise<TableShape> {
  const known = shapes.get(table);
  if (known) return known;
  const { results } = await db.prepare(`PRAGMA table_info(${q(table)})`).all<{ name: string; pk: number }>();
  if (results.length === 0) throw new Error(`no table ${table} on this shard`);
  const key = results.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  const shape = { table, columns: results.map((c) => c.name), key: key.map((c) => c.name) };
  shapes.set(table, shape);
  return shape;
}

const keyList = (shape: TableShape, prefix = "") => shape.key.map((k) => `${prefix}${q(k)}`).join(", ");
const keyValues = (keyJson: string): unknown[] => JSON.parse(keyJson) as unknown[];
const placeholders = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `?${from + i}`).join(", ");

/**
 * Up to `limit` rows of the tenant with a key after `after` (exclusive) and at most `upTo`
 * (inclusive; null: no bound), in key order.
 */
export async function readPage(
  db: D1Database,
  shape: TableShape,
  tenantId: string,
  after: string | null,
  limit: number,
  upTo: string | null = null,
): Promise<RowPage> {
  const n = shape.key.length;
  const params: unknown[] = [tenantId];
  let where = "tenant_id = ?1";
  if (after !== null) {
    where += ` AND (${keyList(shape)}) > (${placeholders(params.length + 1, n)})`;
    params.push(...keyValues(after));
  }
  if (upTo !== null) {
    where += ` AND (${keyList(shape)}) <= (${placeholders(params.length + 1, n)})`;
    params.push(...keyValues(upTo));
  }
  const sql =
    `SELECT json_array(${keyList(shape)}), json_array(${shape.columns.map(q).join(", ")}) ` +
    `FROM ${q(shape.table)} WHERE ${where} ORDER BY ${keyList(shape)} LIMIT ${Math.floor(limit)}`;
  const rows = await db
    .prepare(sql)
    .bind(...params)
    .raw<[string, string]>();
  return { keys: rows.map((r) => r[0]), rows: rows.map((r) => r[1]) };
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
        `WHERE (${rest.map((c) => `${q(shape.table)}.${q(c)}`).join(", ")}) IS NOT (${rest.map((c) => `excluded.${q(c)}`).join(", ")})`;
  // WHERE true: SQLite's parser needs it between INSERT ... SELECT and ON CONFLICT.
  const sql =
    `INSERT INTO ${q(shape.table)} (${cols}) SELECT ${values} FROM json_each(?1) WHERE true ` +
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
      `DELETE FROM ${q(shape.table)} WHERE tenant_id = ?1 AND (${keyList(shape)}) IN ` +
        `(SELECT ${extract} FROM json_each(?2))`,
    )
    .bind(tenantId, `[${keys.join(",")}]`);
}

/** Deletes up to `limit` of the tenant's rows of the table; the count deleted (0: none left). */
export async function deleteTenantPage(
  db: D1Database,
  shape: TableShape,
  tenantId: string,
  limit: number,
): Promise<number> {
  const result = await db
    .prepare(
      `DELETE FROM ${q(shape.table)} WHERE tenant_id = ?1 AND (${keyList(shape)}) IN ` +
        `(SELECT ${keyList(shape)} FROM ${q(shape.table)} WHERE tenant_id = ?1 LIMIT ${Math.floor(limit)})`,
    )
    .bind(tenantId)
    .run();
  return result.meta.changes ?? 0;
}

/** The running content hash after one more page: SHA-256 of the previous hash and the page's rows. */
export const chainHash = async (previous: string, rows: string[]): Promise<string> =>
  sha256Hex(`${previous}\n${await sha256Hex(rows.join("\n"))}`);

/** One compared range of a table: both sides' rows, and the target made equal to the source. */
export interface SyncedPage {
  source: RowPage;
  /** The target's rows of the range as they are after the repair (read back when it wrote). */
  target: RowPage;
  /** The last key of the range (the next page starts after it); null: both sides are exhausted. */
  end: string | null;
  written: number;
  deleted: number;
  /** D1 statements sent. */
  statements: number;
}

/**
 * Compares the range after `after` on both bindings and repairs the target: rows missing or
 * different there are upserted, rows the source lacks are deleted, in one batch (atomic). The
 * range ends at the source page's last key, or earlier when the target holds more rows in it.
 * After a repair the range is read back from the target, so `target` is what the target holds
 * now, read independently of the source: equal hashes of the two sides verify the range.
 */
export async function syncPage(
  source: D1Database,
  target: D1Database,
  shape: TableShape,
  tenantId: string,
  after: string | null,
  limit: number,
): Promise<SyncedPage> {
  let statements = 2;
  let src = await readPage(source, shape, tenantId, after, limit);
  let end = src.rows.length === limit ? src.keys[src.keys.length - 1] : null;
  const tgt = await readPage(target, shape, tenantId, after, limit, end);
  const tgtLast = tgt.keys[tgt.keys.length - 1];
  if (tgt.rows.length === limit && tgtLast !== end) {
    // More target rows than the source page's range holds: end the range at the target's page.
    end = tgtLast;
    src = await readPage(source, shape, tenantId, after, limit, end);
    statements++;
  }
  const targetByKey = new Map(tgt.keys.map((k, i) => [k, tgt.rows[i]]));
  const sourceKeys = new Set(src.keys);
  const changed = src.rows.filter((row, i) => targetByKey.get(src.keys[i]) !== row);
  const gone = tgt.keys.filter((k) => !sourceKeys.has(k));
  const writes = [
    ...(gone.length ? [deleteKeysStatement(target, shape, tenantId, gone)] : []),
    ...upsertStatements(target, shape, changed),
  ];
  let repaired = tgt;
  if (writes.length) {
    await target.batch(writes);
    // The range now holds exactly the source's rows (at most `limit`).
    repaired = await readPage(target, shape, tenantId, after, limit, end);
    statements += writes.length + 1;
  }
  return { source: src, target: repaired, end, written: changed.length, deleted: gone.length, statements };
}

/** Why a tenant's rows are bulk-written on a shard where it is not live (shard migration 0039). */
export type BulkPurpose = "move_in" | "purge";

/**
 * Marks the tenant as bulk-written on this shard: its append-only guards and derived-row
 * triggers stand aside for this tenant there. Only ever on a shard where the tenant is not live.
 */
export const markBulk = (db: D1Database, tenantId: string, purpose: BulkPurpose, at: string) =>
  db
    .prepare(
      "INSERT INTO tenant_bulk_writes (tenant_id, purpose, created_at) VALUES (?1, ?2, ?3) " +
        "ON CONFLICT (tenant_id) DO UPDATE SET purpose = excluded.purpose",
    )
    .bind(tenantId, purpose, at)
    .run();

/** Puts the shard's guards back for the tenant. */
export const unmarkBulk = (db: D1Database, tenantId: string) =>
  db.prepare("DELETE FROM tenant_bulk_writes WHERE tenant_id = ?1").bind(tenantId).run();

/** The tenant's per-shard search tag (customer_search_tenants), once its customers are gone from the shard. */
export const dropTenantSearchTag = (db: D1Database, tenantId: string) =>
  db.prepare("DELETE FROM customer_search_tenants WHERE tenant_id = ?1").bind(tenantId).run();
