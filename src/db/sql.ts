import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * `expression IN (values)` with the values as one JSON parameter expanded by json_each: any
 * number of values is one bound parameter (D1 allows 100 per statement).
 */
export const inJsonList = (expression: SQL | SQLiteColumn, values: readonly string[]): SQL =>
  sql`${expression} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
