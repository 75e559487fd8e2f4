import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { jsonArrayChunks } from "../lib/json-chunks";
import { type TenantOf, tenantValue } from "./tenant-tables";

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

export function jsonRowsInsert<T extends SQLiteTable>(
  scope: TenantOf,
  table: T,
  rows: readonly Record<string, unknown>[],
  options: JsonInsertOptions = {},
): SQL[] {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, T["_"]["columns"][string]>;
  // The columns the rows carry (the first row's keys; builders give every row the same shape).
  const keys = Object.keys(rows[0]).filter((k) => k !== "tenantId" && k in columns);
  const index = new Map(keys.map((k, i) => [k, i]));
  const field: RowField = (key) => {
    const i = index.get(key);
    if (i === undefined) throw new Error(`jsonRowsInsert: no column ${key}`);
    return sql.raw(`json_extract(j.value, '$[${i}]')`);
  };
  const values = rows.map((row) =>
    keys.map((k) => {
      const v = row[k];
      return v === null || v === undefined ? null : columns[k].mapToDriverValue(v);
    }),
  );
  const names = sql.raw(["tenant_id", ...keys.map((k) => `"${columns[k].name}"`)].join(", "));
  const selected = sql.join(
    keys.map((k) => field(k)),
    sql`, `,
  );
  const where = options.where ? options.where(field) : sql`1`;
  const conflict = options.skipConflicts ? sql` ON CONFLICT DO NOTHING` : sql``;
  return jsonArrayChunks(values).map(
    (chunk) =>
      sql`INSERT INTO ${sql.identifier(getTableName(table))} (${names})
        SELECT ${tenantValue(scope)}, ${selected} FROM json_each(${chunk}) j WHERE ${where}${conflict}`,
  );
}
