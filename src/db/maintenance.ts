// MERGE: share with src/db/tenant-rows.ts (the moves branch pages a tenant's rows of any table too).
import type { TenantTableInfo } from "./tenant-table-list";

/**
 * Raw, schema-generic statements over one tenant's rows of any shard table, for the two
 * maintenance jobs that must touch every table: offboarding (export, purge) and erasure
 * (scrub). Table and column names come from the Drizzle mirrors (src/db/tenant-table-list.ts),
 * never from input; values are bound. Writes to append-only tables run between a permit's
 * insert and delete in one batch (migrations/shard/0040): nothing else ever sees the permit.
 */

export type RowKey = unknown[];
type Row = Record<string, unknown>;

const id = (name: string) => `"${name.replaceAll('"', '""')}"`;
const keyOf = (t: TenantTableInfo) => t.key.map(id).join(", ");
/** `?from, ?from+1, ...` for a key's values. */
const numbered = (from: number, n: number) => Array.from({ length: n }, (_, i) => `?${from + i}`).join(", ");

const permit = (binding: D1Database, tenantId: string, kind: "purge" | "erasure") => ({
  grant: binding
    .prepare("INSERT INTO maintenance_permits (tenant_id, kind) VALUES (?1, ?2)")
    .bind(tenantId, kind),
  revoke: binding
    .prepare("DELETE FROM maintenance_permits WHERE tenant_id = ?1 AND kind = ?2")
    .bind(tenantId, kind),
});

/** The next page of a tenant's rows in key order, after `after` (null: from the start). */
export async function pageRows(
  binding: D1Database,
  t: TenantTableInfo,
  tenantId: string,
  after: RowKey | null,
  limit: number,
): Promise<Row[]> {
  const range = after ? ` AND (${keyOf(t)}) > (${numbered(3, after.length)})` : "";
  const { results } = await binding
    .prepare(`SELECT * FROM ${id(t.name)} WHERE tenant_id = ?1${range} ORDER BY ${keyOf(t)} LIMIT ?2`)
    .bind(tenantId, limit, ...(after ?? []))
    .all<Row>();
  return results;
}

/** A row's key values, for the cursor of the next page. */
export const keyValues = (t: TenantTableInfo, row: Row): RowKey => t.key.map((k) => row[k]);

export async function countRows(binding: D1Database, t: TenantTableInfo, tenantId: string): Promise<number> {
  const row = await binding
    .prepare(`SELECT count(*) AS n FROM ${id(t.name)} WHERE tenant_id = ?1`)
    .bind(tenantId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Deletes up to `limit` of the tenant's rows of one table; returns how many went. */
export async function purgePage(
  binding: D1Database,
  t: TenantTableInfo,
  tenantId: string,
  limit: number,
): Promise<number> {
  const { grant, revoke } = permit(binding, tenantId, "purge");
  const table = id(t.name);
  const remove = binding
    .prepare(
      `DELETE FROM ${table} WHERE tenant_id = ?1 AND (${keyOf(t)}) IN ` +
        `(SELECT ${keyOf(t)} FROM ${table} WHERE tenant_id = ?1 LIMIT ?2) RETURNING 1 AS gone`,
    )
    .bind(tenantId, limit);
  // RETURNING, not meta.changes: D1 counts the rows that triggers touched too.
  const [, removed] = await binding.batch([grant, remove, revoke]);
  return removed.results.length;
}

export const REDACTED = "[erased]";

/**
 * Replaces every occurrence of `values` in the text columns of one page of the tenant's rows
 * (key order, after `after`) with "[erased]"; case-log tables also get redacted_at. Returns
 * the rows changed and the page's last key (null: no rows left).
 */
export async function scrubPage(
  binding: D1Database,
  t: TenantTableInfo,
  tenantId: string,
  page: { after: RowKey | null; limit: number },
  values: readonly string[],
  at: string,
): Promise<{ changed: number; last: RowKey | null }> {
  const keys = await binding
    .prepare(
      `SELECT ${keyOf(t)} FROM ${id(t.name)} WHERE tenant_id = ?1` +
        (page.after ? ` AND (${keyOf(t)}) > (${numbered(3, page.after.length)})` : "") +
        ` ORDER BY ${keyOf(t)} LIMIT ?2`,
    )
    .bind(tenantId, page.limit, ...(page.after ?? []))
    .all<Row>();
  const lastRow = keys.results.at(-1);
  if (!lastRow) return { changed: 0, last: null };
  const last = keyValues(t, lastRow);
  if (t.textColumns.length === 0 || values.length === 0) return { changed: 0, last };
  // ?1 tenant, ?2 time, ?3.. values, then the page's bounds.
  const v = values.map((_, i) => `?${i + 3}`);
  const lowAt = 3 + values.length;
  const highAt = lowAt + (page.after?.length ?? 0);
  const set = t.textColumns.map(
    (c) => `${id(c)} = ${v.reduce((expr, p) => `replace(${expr}, ${p}, '${REDACTED}')`, id(c))}`,
  );
  if (t.stampsRedaction) set.push(`"redacted_at" = ?2`);
  const matches = t.textColumns.flatMap((c) => v.map((p) => `instr(${id(c)}, ${p}) > 0`)).join(" OR ");
  const bounds =
    (page.after ? ` AND (${keyOf(t)}) > (${numbered(lowAt, page.after.length)})` : "") +
    ` AND (${keyOf(t)}) <= (${numbered(highAt, last.length)})`;
  // A value inside a row's identity (monitoring's pending entities keyed by a counterparty
  // account, say) cannot be replaced in place: such rows are derived work, and go.
  const identity = t.key.filter((k) => k !== "tenant_id" && k !== "id" && k !== "rowid");
  const inIdentity = identity.flatMap((c) => v.map((p) => `instr(${id(c)}, ${p}) > 0`)).join(" OR ");
  const params = [tenantId, at, ...values, ...(page.after ?? []), ...last];
  const drop = inIdentity
    ? [
        binding
          .prepare(
            `DELETE FROM ${id(t.name)} WHERE tenant_id = ?1${bounds} AND (${inIdentity}) RETURNING 1 AS gone`,
          )
          .bind(...params),
      ]
    : [];
  const { grant, revoke } = permit(binding, tenantId, "erasure");
  const update = binding
    .prepare(
      `UPDATE ${id(t.name)} SET ${set.join(", ")} WHERE tenant_id = ?1${bounds} AND (${matches}) RETURNING 1 AS changed`,
    )
    .bind(...params);
  const results = await binding.batch([grant, ...drop, update, revoke]);
  const changed = results.slice(1, -1).reduce((n, r) => n + r.results.length, 0);
  return { changed, last };
}
