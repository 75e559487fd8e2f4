import { Column, is, Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * Lists of a table's primary key (`id IN json_each(...)`): the tenant term beside one is marked
 * likely (tenantWhere), or SQLite, without statistics, walks the tenant's rows through its
 * tenant index and checks each against the list instead of looking each id up.
 */
const primaryKeyLists = new WeakSet<SQL>();

/** Whether a condition is itself such a list (not one nested in an OR, where the hint would scan). */
export const isPrimaryKeyList = (condition: SQL): boolean => primaryKeyLists.has(condition);

/**
 * `expression IN (values)` with the values as one JSON parameter expanded by json_each: any
 * number of values is one bound parameter (D1 allows 100 per statement).
 */
export const inJsonList = (expression: SQL | SQLiteColumn, values: readonly string[] | Placeholder): SQL => {
  // A statement template's placeholder (src/db/statement-template.ts) is filled with the list's JSON.
  const json = values instanceof Placeholder ? values : JSON.stringify(values);
  const list = sql`${expression} IN (SELECT value FROM json_each(${json}))`;
  if (is(expression, Column) && expression.primary) primaryKeyLists.add(list);
  return list;
};

/**
 * A non-negative integer as a literal in the statement's text: where SQLite wants a constant (a
 * window frame, a LIMIT a planner should see) or where a bound JS number could arrive as a REAL
 * (an integer division). Validated numbers only; the text is one per value, so a template keeps
 * it in its shape.
 */
export const intLiteral = (n: number): SQL => sql.raw(String(Math.max(0, Math.floor(n))));
