import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { jsonArrayChunks } from "../lib/json-chunks";
import type { TenantScope } from "./client";
import { rawTemplate, type TemplateStatement } from "./statement-template";
import { type TenantOf, type TenantTable, tenantValue } from "./tenant-tables";

/**
 * Set-based inserts of many rows of one table: the rows travel as one JSON parameter per
 * ~80 KB chunk (src/lib/json-chunks.ts) and are expanded with json_each, so any number of rows
 * stays within D1's 100 bound parameters per statement. Values are mapped as Drizzle maps them
 * (JSON columns serialised, booleans as integers), so a row reads back as if Drizzle had written
 * it. The tenant column is the scope's (tenantValue), never a row's.
 */

/** The value of one of the row's columns inside the statement (for a guard). */
export type RowField = (key: string) => SQL;

export interface JsonInsertOptions {
  /** A condition on each row (e.g. NOT EXISTS an open case): rows failing it are not inserted. */
  where?: (field: RowField) => SQL;
  /** ON CONFLICT DO NOTHING: a row breaking a unique index is skipped (other constraints still fail). */
  skipConflicts?: boolean;
}

type Columns = Record<string, SQLiteColumn>;

/** The columns the rows carry (the first row's keys; builders give every row the same shape), never the tenant. */
const rowKeys = (columns: Columns, row: Record<string, unknown>): string[] =>
  Object.keys(row).filter((k) => k !== "tenantId" && k in columns);

/** Each row as an array of its keys' values, mapped as Drizzle maps them (null for undefined). */
const rowValues = (columns: Columns, keys: readonly string[], rows: readonly Record<string, unknown>[]) =>
  rows.map((row) =>
    keys.map((k) => {
      const v = row[k];
      return v === null || v === undefined ? null : columns[k].mapToDriverValue(v);
    }),
  );

/** `INSERT INTO table (tenant_id, cols...) SELECT <tenant>, j.value[0], ... FROM json_each(chunk) j WHERE ...`. */
function insertSql(
  table: SQLiteTable,
  columns: Columns,
  keys: readonly string[],
  tenant: SQL,
  chunk: unknown,
  where: (field: RowField) => SQL,
  tail: SQL,
): SQL {
  const index = new Map(keys.map((k, i) => [k, i]));
  const field: RowField = (key) => {
    const i = index.get(key);
    if (i === undefined) throw new Error(`jsonRowsInsert: no column ${key}`);
    return sql.raw(`json_extract(j.value, '$[${i}]')`);
  };
  const names = sql.raw(["tenant_id", ...keys.map((k) => `"${columns[k].name}"`)].join(", "));
  const selected = sql.join(
    keys.map((k) => field(k)),
    sql`, `,
  );
  // The WHERE is never left out: SQLite parses `INSERT ... SELECT ... ON CONFLICT` only with one.
  return sql`INSERT INTO ${sql.identifier(getTableName(table))} (${names})
        SELECT ${tenant}, ${selected} FROM json_each(${chunk}) j WHERE ${where(field)}${tail}`;
}

export function jsonRowsInsert<T extends SQLiteTable>(
  scope: TenantOf,
  table: T,
  rows: readonly Record<string, unknown>[],
  options: JsonInsertOptions = {},
): SQL[] {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Columns;
  const keys = rowKeys(columns, rows[0]);
  const where = options.where ?? (() => sql`1`);
  const conflict = options.skipConflicts ? sql` ON CONFLICT DO NOTHING` : sql``;
  return jsonArrayChunks(rowValues(columns, keys, rows)).map((chunk) =>
    insertSql(table, columns, keys, tenantValue(scope), chunk, where, conflict),
  );
}

/** What an upsert's conflicting row gets: the inserted row's value (`excluded`), or an expression. */
export type UpsertSet = Record<string, SQL | "excluded">;

export interface JsonRowsTemplateOptions {
  /** ON CONFLICT DO NOTHING, as JsonInsertOptions.skipConflicts. */
  skipConflicts?: boolean;
  /**
   * ON CONFLICT (target) DO UPDATE SET ...: `set` names each column to change, by its key, to
   * the inserted row's value ("excluded") or an expression (`sql\`${t.count} + 1\``). The target
   * must hold the table's tenant column, so the row updated is always the scope's tenant's.
   */
  upsert?: { target: readonly SQLiteColumn[]; set: UpsertSet };
}

/** The statements of one jsonRowsTemplate call: one per JSON chunk, for `db.batch`. */
export type JsonRowsStatements = TemplateStatement<unknown[]>[];

/**
 * jsonRowsInsert as a statement template (src/db/statement-template.ts): the text is built once
 * per isolate for each set of columns the rows carry; an execution binds only the tenant (the
 * scope's, by construction) and the JSON chunk, so a page's inserts cost no Drizzle text
 * building. Declared once per table and options (module level); rows as jsonRowsInsert takes them.
 */
export function jsonRowsTemplate<T extends SQLiteTable & TenantTable>(
  table: T,
  options: JsonRowsTemplateOptions = {},
): (scope: TenantScope, rows: readonly Record<string, unknown>[]) => JsonRowsStatements {
  const columns = getTableColumns(table) as Columns;
  const tail = conflictSql(table, columns, options);
  const template = rawTemplate<readonly string[], { rows: string }, unknown>((scope, keys, p) =>
    insertSql(table, columns, keys, tenantValue(scope), p.rows, () => sql`1`, tail),
  );
  return (scope, rows) => {
    if (rows.length === 0) return [];
    const keys = rowKeys(columns, rows[0]);
    return jsonArrayChunks(rowValues(columns, keys, rows)).map((chunk) =>
      template(scope, keys, { rows: chunk }),
    );
  };
}

function conflictSql(
  table: SQLiteTable & TenantTable,
  columns: Columns,
  options: JsonRowsTemplateOptions,
): SQL {
  const { upsert } = options;
  if (!upsert) return options.skipConflicts ? sql` ON CONFLICT DO NOTHING` : sql``;
  // Without the tenant in the conflict target, a row could update another tenant's row.
  if (!upsert.target.includes(table.tenantId))
    throw new Error(`jsonRowsTemplate: the upsert target of ${getTableName(table)} must hold tenant_id`);
  const target = sql.raw(upsert.target.map((c) => `"${c.name}"`).join(", "));
  const set = Object.entries(upsert.set).map(([key, value]) => {
    const column = columns[key];
    if (!column || key === "tenantId") throw new Error(`jsonRowsTemplate: cannot set ${key}`);
    const name = `"${column.name}"`;
    return value === "excluded" ? sql.raw(`${name} = excluded.${name}`) : sql`${sql.raw(name)} = ${value}`;
  });
  return sql` ON CONFLICT (${target}) DO UPDATE SET ${sql.join(set, sql`, `)}`;
}
