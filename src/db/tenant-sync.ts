import { keyList, q } from "./tenant-page-sql";
import {
  deleteKeysStatement,
  lookedUpTenant,
  type RowPage,
  readPage,
  type TableShape,
  upsertStatements,
} from "./tenant-rows";

/**
 * A tenant move's compare-and-repair of its copy (docs/decisions/tenant-moves.md): a key range
 * (a pass's page) or named rows (the fenced step's logged keys) read on both bindings, the
 * target made equal to the source in one batch, and read back when it wrote. Raw bindings, as
 * the rest of src/db/tenant-rows.ts.
 */

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
  let src = await readPage(source, shape, tenantId, { after, limit });
  let end = src.rows.length === limit ? src.keys[src.keys.length - 1] : null;
  const tgt = await readPage(target, shape, tenantId, { after, upTo: end, limit });
  let statements = src.statements + tgt.statements;
  const tgtLast = tgt.keys[tgt.keys.length - 1];
  if (tgt.rows.length === limit && tgtLast !== end) {
    // More target rows than the source page's range holds: end the range at the target's page.
    end = tgtLast;
    src = await readPage(source, shape, tenantId, { after, upTo: end, limit });
    statements += src.statements;
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
    repaired = await readPage(target, shape, tenantId, { after, upTo: end, limit });
    statements += writes.length + repaired.statements;
  }
  return { source: src, target: repaired, end, written: changed.length, deleted: gone.length, statements };
}

/** The tenant's rows with these keys (JSON arrays, as readPage gives them), each as readPage's "json" content. */
async function readKeys(db: D1Database, shape: TableShape, tenantId: string, keys: string[]) {
  const extract = shape.key.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
  const raw = await db
    .prepare(
      `SELECT json_array(${keyList(shape)}), json_array(${shape.columns.map(q).join(", ")}) FROM ${q(shape.name)} ` +
        `WHERE ${lookedUpTenant(shape)} AND (${keyList(shape)}) IN (SELECT ${extract} FROM json_each(?2))`,
    )
    .bind(tenantId, `[${keys.join(",")}]`)
    .raw<[string, string]>();
  return new Map(raw);
}

/** Named rows compared by key: what the target held, what the source holds, what the target holds now. */
export interface SyncedKeys {
  before: string[];
  source: string[];
  after: string[];
  written: number;
  deleted: number;
  /** D1 statements sent. */
  statements: number;
}

/**
 * syncPage for named rows instead of a key range (a move's fenced step, for the rows its change
 * log names): the rows are read on both bindings, the target's made equal to the source's (upsert
 * or delete, one atomic batch) and read back when it wrote.
 */
export async function syncKeys(
  source: D1Database,
  target: D1Database,
  shape: TableShape,
  tenantId: string,
  keys: string[],
): Promise<SyncedKeys> {
  const [src, tgt] = await Promise.all([
    readKeys(source, shape, tenantId, keys),
    readKeys(target, shape, tenantId, keys),
  ]);
  const changed = [...src].filter(([key, row]) => tgt.get(key) !== row).map(([, row]) => row);
  const gone = [...tgt.keys()].filter((key) => !src.has(key));
  const writes = [
    ...(gone.length ? [deleteKeysStatement(target, shape, tenantId, gone)] : []),
    ...upsertStatements(target, shape, changed),
  ];
  let after = tgt;
  let statements = 2;
  if (writes.length) {
    await target.batch(writes);
    after = await readKeys(target, shape, tenantId, keys);
    statements += writes.length + 1;
  }
  return {
    before: [...tgt.values()],
    source: [...src.values()],
    after: [...after.values()],
    written: changed.length,
    deleted: gone.length,
    statements,
  };
}
