import { env } from "cloudflare:workers";
import { asc, count, desc, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Env } from "../env";
import {
  type CursorState,
  cursorKeysFrom,
  decodeCursor,
  encodeCursor,
  filterFingerprint,
} from "../lib/cursor";
import { badRequest } from "../lib/errors";
import type { TenantDb } from "./tenant-db";
import type { TenantTable } from "./tenant-tables";

/**
 * Keyset ("cursor") pagination beside limit/offset for every list (docs/decisions/pagination.md).
 * A list declares its order once with `listOrder`; its repository ANDs `plan.after` into the
 * list's conditions and orders by `plan.orderBy`, and `keysetPage` does the rest: the cursor
 * check, the page (one row more than asked, to know if another follows), the total (counted on
 * the first page, carried in the cursor after) and the next cursor.
 */
export type Direction = "asc" | "desc";

interface SortKey<Row> {
  /** The column, or `coalesce(column, value)` for a nullable column with `nullsAs`. */
  column: SQLiteColumn | SQL;
  direction: Direction;
  /** The key's value in a row, as the driver stores it (what the cursor records). */
  keyOf: (row: Row) => string | number;
}

export interface ListOrder<Row> {
  name: string;
  keys: SortKey<Row>[];
}

export interface PageRequest {
  limit: number;
  offset: number;
  cursor?: string;
}

export interface PagePlan {
  /** The rows after the cursor's position (undefined on a first or offset page). */
  after: SQL | undefined;
  /** The cursor's sort key, for a list that builds its own predicate (merged sources). */
  key: (string | number)[] | undefined;
  orderBy: SQL[];
  /** One more than the page, so the page knows whether another follows. */
  limit: number;
  offset: number;
}

export interface KeysetResult<Row> {
  rows: Row[];
  total: number;
  /** Rows before this page (for a cursor page: as of the walk, carried in the cursor). */
  offset: number;
  nextCursor: string | null;
}

type Columns<T extends SQLiteTable> = T["$inferSelect"];

interface OrderOptions<T extends SQLiteTable, Row> {
  /** That table's part of a result row (joins select `{ case, head }`). */
  rowOf?: (row: Row) => { [K in keyof Columns<T>]?: unknown };
  /** Nullable columns this list's filter always has set (say why where it is used). */
  setByFilter?: (keyof Columns<T>)[];
  /** Nullable numeric columns ordered with NULL as this value (the key is `coalesce(column, value)`). */
  nullsAs?: { [K in keyof Columns<T>]?: number };
}

/**
 * A list's order over columns of one table, named by property, a unique one last. Sort columns
 * must be NOT NULL: a NULL never compares, so a keyset over it would skip rows.
 */
export function listOrder<T extends SQLiteTable, Row = Columns<T>>(
  name: string,
  table: T,
  order: { [K in keyof Columns<T>]?: Direction },
  options: OrderOptions<T, Row> = {},
): ListOrder<Row> {
  const rowOf = options.rowOf ?? ((row: Row) => row as Columns<T>);
  const keys = Object.entries(order).map(([property, direction]) => {
    const column = (table as unknown as Record<string, SQLiteColumn>)[property];
    const setByFilter = options.setByFilter?.includes(property as keyof Columns<T>) ?? false;
    const nullAs = options.nullsAs?.[property as keyof Columns<T>];
    if (!column || (!column.notNull && !setByFilter && nullAs === undefined)) {
      throw new Error(`listOrder ${name}: ${property} is not a NOT NULL column`);
    }
    const value = (row: Row) => (rowOf(row) as Record<string, unknown>)[property];
    return {
      column: nullAs === undefined ? column : sql`coalesce(${column}, ${nullAs})`,
      direction: direction as Direction,
      keyOf: (row: Row) =>
        nullAs === undefined
          ? (column.mapToDriverValue(value(row)) as string | number)
          : ((value(row) as number | null) ?? nullAs),
    };
  });
  return { name, keys };
}

/** `(a, b) < (?, ?)` when every key goes one way (an index range); an OR chain otherwise. */
function afterKey<Row>(keys: SortKey<Row>[], values: (string | number)[]): SQL {
  if (keys.every((k) => k.direction === keys[0].direction)) {
    const op = sql.raw(keys[0].direction === "desc" ? "<" : ">");
    return sql`(${sql.join(
      keys.map((k) => k.column),
      sql`, `,
    )}) ${op} (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  }
  const branches = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((k, j) => sql`${k.column} = ${values[j]}`);
    const beyond =
      key.direction === "desc" ? sql`${key.column} < ${values[i]}` : sql`${key.column} > ${values[i]}`;
    return sql`(${sql.join([...equal, beyond], sql` AND `)})`;
  });
  return sql`(${sql.join(branches, sql` OR `)})`;
}

/**
 * The cursor keys, from the Worker's SECRETS_KEY. Read from the module-level `env` rather than
 * passed down: every list of every module pages through here, and the key is the deployment's,
 * the same for every request and tenant (docs/decisions/pagination.md#the-cursor).
 */
const cursorKeys = () => cursorKeysFrom((env as Env).SECRETS_KEY);

const cursorError = (message: string) => badRequest("Invalid cursor", [{ path: "cursor", message }]);

/** One page of a list: by cursor when one is given, by offset otherwise. */
export async function keysetPage<Row>(
  order: ListOrder<Row>,
  filter: object,
  page: PageRequest,
  query: { rows: (plan: PagePlan) => Promise<Row[]>; count: () => Promise<number> },
): Promise<KeysetResult<Row>> {
  const fingerprint = filterFingerprint(filter);
  const orderBy = order.keys.map((k) => (k.direction === "desc" ? desc(k.column) : asc(k.column)));
  let state: CursorState | undefined;
  if (page.cursor !== undefined) {
    if (page.offset > 0) throw cursorError("cursor and offset cannot be combined");
    state = await decodeCursor(await cursorKeys(), page.cursor);
    if (state.list !== order.name) throw cursorError("This cursor belongs to another list");
    if (state.filter !== fingerprint) throw cursorError("This cursor was made with other filters");
    if (state.key.length !== order.keys.length) throw cursorError("Malformed cursor");
  }
  const plan: PagePlan = {
    after: state ? afterKey(order.keys, state.key) : undefined,
    key: state?.key,
    orderBy,
    limit: page.limit + 1,
    offset: state ? 0 : page.offset,
  };
  // The total is counted once, on a page without a cursor; a walk carries it.
  const [fetched, total] = await Promise.all([
    query.rows(plan),
    state ? Promise.resolve(state.total) : query.count(),
  ]);
  const rows = fetched.slice(0, page.limit);
  const offset = state ? state.offset : page.offset;
  const last = rows.at(-1);
  const nextCursor =
    fetched.length > page.limit && last !== undefined
      ? await encodeCursor(await cursorKeys(), {
          list: order.name,
          filter: fingerprint,
          key: order.keys.map((k) => k.keyOf(last)),
          total,
          offset: offset + rows.length,
        })
      : null;
  return { rows, total, offset, nextCursor };
}

type ScopedTable = SQLiteTable & TenantTable;

/** The tenant's rows of `table` matching `where`, counted (a first page's total). */
export const countRows =
  (db: TenantDb, table: ScopedTable, ...where: (SQL | undefined)[]) =>
  async (): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(table, ...where)
        .get()
    )?.n ?? 0;

/** A builder the plan can order and cut (Drizzle's select, joined or not). */
interface Orderable<R> {
  orderBy(...columns: SQL[]): { limit(n: number): { offset(n: number): PromiseLike<R[]> } };
}

/** Orders and cuts a query the way the plan says (its `after` is already in the query's where). */
export const planned = <R>(query: Orderable<R>, plan: PagePlan): Promise<R[]> =>
  Promise.resolve(
    query
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
  );

/** The common case: whole rows of one tenant table, optionally with another count (kept counters). */
export function tablePage<T extends ScopedTable>(
  db: TenantDb,
  table: T,
  order: ListOrder<T["$inferSelect"]>,
  filter: object,
  where: (SQL | undefined)[],
  page: PageRequest,
  total: () => Promise<number> = countRows(db, table, ...where),
): Promise<KeysetResult<T["$inferSelect"]>> {
  return keysetPage(order, filter, page, {
    rows: (plan) =>
      planned(db.select().from(table, ...where, plan.after) as Orderable<T["$inferSelect"]>, plan),
    count: total,
  });
}
