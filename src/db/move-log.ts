import { type KeyedTable, keyList, q } from "./tenant-page-sql";

/**
 * The change log of a tenant being moved (shard migration 0044, docs/decisions/tenant-moves.md
 * "A short fence"): while a move watches the tenant on its source shard (a row in
 * move_watches), triggers on every tenant table record the key of each row inserted, updated
 * or deleted, in the pager's key format (`json_array` of the primary key, as readPage gives
 * it). The fenced step then compares only the rows changed since the last full pass instead
 * of every row. Raw SQL on a shard binding: the move works outside any tenant's request.
 */

/** Trigger name prefix; test/foundation/move-log.test.ts checks every tenant table has all three. */
const PREFIX = "move_log_";

const keyOf = (table: KeyedTable, row: "NEW" | "OLD") => `json_array(${keyList(table, `${row}.`)})`;
const watched = (row: "NEW" | "OLD") =>
  `EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = ${row}.tenant_id)`;
const logged = (table: KeyedTable, row: "NEW" | "OLD") =>
  `INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (${row}.tenant_id, '${table.name}', ${keyOf(table, row)});`;

/** The three triggers that log a table's changes while its tenant is watched (the migration's text). */
export function moveLogTriggers(table: KeyedTable): string[] {
  const name = (what: string) => q(`${PREFIX}${table.name}_${what}`);
  const on = q(table.name);
  return [
    `CREATE TRIGGER ${name("insert")} AFTER INSERT ON ${on} WHEN ${watched("NEW")} BEGIN ${logged(table, "NEW")} END;`,
    `CREATE TRIGGER ${name("update")} AFTER UPDATE ON ${on} WHEN ${watched("NEW")} BEGIN ${logged(table, "NEW")} ` +
      `INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, '${table.name}', ${keyOf(table, "OLD")} ` +
      `WHERE ${keyOf(table, "OLD")} <> ${keyOf(table, "NEW")}; END;`,
    `CREATE TRIGGER ${name("delete")} AFTER DELETE ON ${on} WHEN ${watched("OLD")} BEGIN ${logged(table, "OLD")} END;`,
  ];
}

/**
 * Starts watching the tenant on the shard (idempotent) and answers the log's last sequence for
 * it, in one batch: a pass that begins after this sees every row changed before that sequence,
 * and every change after it is logged.
 */
export async function watchTenant(db: D1Database, tenantId: string, at: string): Promise<number> {
  const [, last] = await db.batch<{ seq: number | null }>([
    db
      .prepare("INSERT OR IGNORE INTO move_watches (tenant_id, started_at) VALUES (?1, ?2)")
      .bind(tenantId, at),
    db.prepare("SELECT max(seq) AS seq FROM move_changes WHERE tenant_id = ?1").bind(tenantId),
  ]);
  return last?.results[0]?.seq ?? 0;
}

/** Stops logging the tenant's changes (the tenant left the shard, or stays and the move ended). */
export const unwatchTenant = (db: D1Database, tenantId: string) =>
  db.prepare("DELETE FROM move_watches WHERE tenant_id = ?1").bind(tenantId);

/** One logged change: its sequence, table and row key. */
export interface LoggedChange {
  seq: number;
  table: string;
  key: string;
}

/** Up to `limit` changes after `afterSeq`, in sequence order. */
export async function changesAfter(db: D1Database, tenantId: string, afterSeq: number, limit: number) {
  const { results } = await db
    .prepare(
      'SELECT seq, table_name AS "table", row_key AS key FROM move_changes WHERE tenant_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3',
    )
    .bind(tenantId, afterSeq, limit)
    .all<LoggedChange>();
  return results;
}

/** Deletes up to `limit` of the tenant's logged changes; how many went (0: none left). */
export async function dropChanges(db: D1Database, tenantId: string, limit: number): Promise<number> {
  const result = await db
    .prepare(
      "DELETE FROM move_changes WHERE seq IN (SELECT seq FROM move_changes WHERE tenant_id = ?1 ORDER BY seq LIMIT ?2)",
    )
    .bind(tenantId, limit)
    .run();
  return result.meta.changes ?? 0;
}
