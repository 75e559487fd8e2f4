import type { PersonalColumns, SubjectRows } from "./personal-columns";
import { deletePageStatement, type KeyedTable, readPage } from "./tenant-rows";

/**
 * The shard's one maintenance permit (migrations/shard/0041, maintenance_permits): while the
 * tenant has one, the append-only guards stand aside for it ('erasure': UPDATE of everything but
 * identity, order and hashes; 'move_in', 'purge': everything, derived-row triggers included).
 * Two lifetimes, and a permit never outlives its holder's reason:
 * - a tenant move holds one across queue messages, only on a shard where the tenant is not live
 *   (holdMovePermit / releaseMovePermits);
 * - offboarding and erasure insert it, write, and delete it in ONE db.batch (underPermit), so
 *   nothing outside that batch ever sees it.
 * Also the two maintenance writes over any tenant table built on it: purge and scrub.
 */

export type MovePermit = "move_in" | "purge";

/** A move's permit on a shard where the tenant is not live (its copy target, or its old shard). */
export const holdMovePermit = (db: D1Database, tenantId: string, kind: MovePermit, at: string) =>
  db
    .prepare(
      "INSERT INTO maintenance_permits (tenant_id, kind, created_at) VALUES (?1, ?2, ?3) " +
        "ON CONFLICT (tenant_id, kind) DO NOTHING",
    )
    .bind(tenantId, kind, at)
    .run();

/** Puts the shard's guards back for the tenant (before it goes live there, or once its old copy is gone). */
export const releaseMovePermits = (db: D1Database, tenantId: string) =>
  db
    .prepare("DELETE FROM maintenance_permits WHERE tenant_id = ?1 AND kind IN ('move_in', 'purge')")
    .bind(tenantId)
    .run();

/**
 * Runs the statements in one batch between the permit's insert and delete; their results. A
 * move's permit of the same kind on this shard (never there: moves hold theirs where the tenant
 * is not live) makes the insert fail, and the batch writes nothing.
 */
async function underPermit(
  db: D1Database,
  tenantId: string,
  kind: "purge" | "erasure",
  statements: D1PreparedStatement[],
) {
  const results = await db.batch([
    db.prepare("INSERT INTO maintenance_permits (tenant_id, kind) VALUES (?1, ?2)").bind(tenantId, kind),
    ...statements,
    db.prepare("DELETE FROM maintenance_permits WHERE tenant_id = ?1 AND kind = ?2").bind(tenantId, kind),
  ]);
  return results.slice(1, -1);
}

/** Deletes up to `limit` of the tenant's rows of one table; returns how many went. */
export async function purgePage(db: D1Database, t: KeyedTable, tenantId: string, limit: number) {
  const [removed] = await underPermit(db, tenantId, "purge", [deletePageStatement(db, t, tenantId, limit)]);
  return removed.results.length;
}

export const REDACTED = "[erased]";

const id = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** `?from, ?from+1, ...` for a key's values. */
const numbered = (from: number, n: number) => Array.from({ length: n }, (_, i) => `?${from + i}`).join(", ");

/** The subject of an erasure: its customer id and the forms of its values (privacy/domain/subject.ts). */
export interface ErasureSubject {
  customerId: string;
  values: readonly string[];
}

/** SQL of one SubjectRows selector; ?2 is the customer id, `v` the values' parameters. */
function selects(rows: SubjectRows, v: string[]): string {
  if ("owner" in rows) return `${id(rows.owner)} = ?2`;
  if ("mentions" in rows) return `instr(${id(rows.mentions)}, ?2) > 0`;
  if ("equals" in rows) return v.length ? `lower(trim(${id(rows.equals)})) IN (${v.join(", ")})` : "0";
  return `(${rows.where})`;
}

/**
 * One page of the tenant's rows of a declared table (src/db/personal-columns.ts; key order, after
 * `page.after`): in the subject's rows, each declared column that equals one of its values
 * (normalised) becomes "[erased]", and every other occurrence of a value in it is replaced; a
 * `drop` table's subject rows are deleted. Nothing else is touched. Returns the rows changed and
 * the page's last key (null: no rows left).
 */
export async function scrubPage(
  db: D1Database,
  t: KeyedTable & PersonalColumns,
  tenantId: string,
  page: { after: string | null; limit: number },
  subject: ErasureSubject,
): Promise<{ changed: number; last: string | null }> {
  const { keys } = await readPage(db, t, tenantId, page, "key");
  const last = keys.at(-1) ?? null;
  if (last === null) return { changed: 0, last: null };
  if (!t.drop && t.columns.length === 0) return { changed: 0, last };
  const after = page.after === null ? null : (JSON.parse(page.after) as unknown[]);
  const upTo = JSON.parse(last) as unknown[];
  const keyOf = t.key.map(id).join(", ");
  // ?1 tenant, ?2 customer id, ?3.. values, then the page's bounds.
  const { values } = subject;
  const v = values.map((_, i) => `?${i + 3}`);
  const lowAt = 3 + values.length;
  const highAt = lowAt + (after?.length ?? 0);
  const bounds =
    (after ? ` AND (${keyOf}) > (${numbered(lowAt, after.length)})` : "") +
    ` AND (${keyOf}) <= (${numbered(highAt, upTo.length)})`;
  const subjects = t.rows.map((r) => selects(r, v)).join(" OR ");
  const params = [tenantId, subject.customerId, ...values, ...(after ?? []), ...upTo];
  const where = `WHERE tenant_id = ?1${bounds} AND (${subjects})`;
  let statement: string;
  if (t.drop) statement = `DELETE FROM ${id(t.name)} ${where} RETURNING 1 AS gone`;
  else {
    if (v.length === 0) return { changed: 0, last };
    const set = t.columns.map((c) => {
      const replaced = v.reduce((expr, p) => `replace(${expr}, ${p}, '${REDACTED}')`, id(c));
      const erased = t.unique?.includes(c) ? `'${REDACTED} ' || "id"` : `'${REDACTED}'`;
      if (t.whole?.includes(c)) return `${id(c)} = CASE WHEN ${id(c)} IS NULL THEN NULL ELSE ${erased} END`;
      return `${id(c)} = CASE WHEN lower(trim(${id(c)})) IN (${v.join(", ")}) THEN ${erased} ELSE ${replaced} END`;
    });
    // A row changes when a column holds a value, or a whole column is not erased yet.
    const holds = t.columns
      .flatMap((c) =>
        t.whole?.includes(c)
          ? [`(${id(c)} IS NOT NULL AND ${id(c)} NOT LIKE '${REDACTED}%')`]
          : v.map((p) => `instr(lower(${id(c)}), lower(${p})) > 0`),
      )
      .join(" OR ");
    statement = `UPDATE ${id(t.name)} SET ${set.join(", ")} ${where} AND (${holds}) RETURNING 1 AS changed`;
  }
  const results = await underPermit(db, tenantId, "erasure", [db.prepare(statement).bind(...params)]);
  return { changed: results.reduce((n, r) => n + r.results.length, 0), last };
}
