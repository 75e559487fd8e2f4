import { type SQL, sql } from "drizzle-orm";
import { intLiteral } from "./sql";

/**
 * Reads of many rows packed into JSON text inside SQLite: each row a JSON array, the rows of a
 * group joined into a few JSON arrays of arrays, so they cross the binding as a few strings
 * decoded by one JSON.parse each, instead of as one object per row, which D1 (locally its
 * simulator too) and Drizzle convert cell by cell on the request's thread.
 * `group_concat(... ORDER BY ...)` needs SQLite 3.44 or later (workerd's is 3.47).
 */

/**
 * Most bytes of rows in one packed value (plus the one row that crosses the mark): D1 refuses a
 * string over ~2 MB, and a row's text is bounded by the columns a read packs (ingest caps them).
 */
export const PACKED_CHUNK_BYTES = 500_000;

/** One packed value: the rows (in order) of one chunk of group `g`, as a JSON array of arrays. */
export interface PackedChunk {
  g: string | number | null;
  rows: string;
}

export interface PackOptions {
  /** The source's column that groups its rows (e.g. the entity); none: one group. */
  group?: SQL;
  /** The rows' order within a group: source columns (e.g. `d DESC, id DESC`). */
  order: SQL;
  /** Most rows kept per group (the first in `order`). */
  cap: number;
  chunkBytes?: number;
}

/**
 * Packs the rows of `source` (a SELECT with a column `j`, the row as a json_array, and the
 * columns `order` and `group` name) into chunks of at most `chunkBytes` bytes of row text (a row
 * is never split), ordered by group then chunk: each result row is { g, rows }.
 */
export function packedRows(source: SQL, options: PackOptions): SQL {
  const chunkBytes = options.chunkBytes ?? PACKED_CHUNK_BYTES;
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes < 1) throw new Error("packedRows: chunkBytes");
  // A row's chunk is where its text ends (running bytes, comma included) over the chunk size: one
  // window pass gives both that and the row's position. The size is a literal: a bound JS number
  // may reach SQLite as a REAL, and the division must stay an integer one. Without a group there
  // is no PARTITION BY, so an already ordered source is not sorted again.
  const size = intLiteral(chunkBytes);
  const group = options.group ?? sql`NULL`;
  const partition = options.group ? sql`PARTITION BY ${options.group} ` : sql``;
  return sql`SELECT g, '[' || group_concat(j, ',' ORDER BY n) || ']' AS rows FROM (
      SELECT ${group} AS g, j, row_number() OVER w AS n, (sum(length(CAST(j AS BLOB)) + 1) OVER w - 1) / ${size} AS k
      FROM (${source}) WINDOW w AS (${partition}ORDER BY ${options.order} ROWS UNBOUNDED PRECEDING))
    WHERE n <= ${options.cap} GROUP BY g, k ORDER BY g, k`;
}

/** The rows of packed chunks, in order, each built from its array of values by `row`. */
export function unpackRows<T>(chunks: readonly PackedChunk[], row: (values: unknown[]) => T): T[] {
  const out: T[] = [];
  for (const chunk of chunks)
    for (const values of JSON.parse(chunk.rows) as unknown[][]) out.push(row(values));
  return out;
}

/** The rows of packed chunks of many groups, by group (chunks arrive ordered by group). */
export function unpackGroups<T>(
  chunks: readonly PackedChunk[],
  row: (values: unknown[]) => T,
): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const chunk of chunks) {
    const key = String(chunk.g);
    const list = out.get(key) ?? [];
    for (const values of JSON.parse(chunk.rows) as unknown[][]) list.push(row(values));
    out.set(key, list);
  }
  return out;
}
