import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { likelyTenantSql, tenantSql, tenantValue } from "../../../db/tenant-tables";
import { jsonArrayChunks } from "../../../lib/json-chunks";
import { type TableSpec, upsertSql } from "../domain/upsert-sql";

/**
 * The write path of the data tables (ingest and connector syncs reach it through ./service.ts).
 * Raw SQL because rows travel as one JSON parameter; every statement holds the tenant through
 * the tenant helpers (the scoped client refuses it otherwise).
 */

export interface LinkTarget {
  id: string;
  source: string;
  externalId: string;
  customerId?: string;
}

/**
 * Customers (or accounts) of the tenant named by id or by (source, externalId): one
 * statement per ~80 KB of keys.
 */
export async function findLinkTargets(
  scope: TenantScope,
  table: "customers" | "accounts",
  ids: string[],
  externalKeys: [string, string][],
): Promise<LinkTarget[]> {
  if (ids.length === 0 && externalKeys.length === 0) return [];
  const t = sql.raw(table);
  const columns = sql.raw(
    `t.id AS id, t.external_source AS source, t.external_id AS externalId${table === "accounts" ? ", t.customer_id AS customerId" : ""}`,
  );
  const byId = (json: string) => sql`SELECT ${columns}
    FROM ${t} AS t WHERE ${likelyTenantSql(scope, "t")} AND t.id IN (SELECT value FROM json_each(${json}))`;
  const byKey = (json: string) => sql`SELECT ${columns}
    FROM json_each(${json}) AS j CROSS JOIN ${t} AS t ON ${tenantSql(scope, "t")}
      AND t.external_source = json_extract(j.value, '$[0]') AND t.external_id = json_extract(j.value, '$[1]')`;
  const results = await scope.db.batchSql<LinkTarget>([
    ...jsonArrayChunks(ids).map(byId),
    ...jsonArrayChunks(externalKeys).map(byKey),
  ]);
  return results.flatMap((r) => r.results);
}

/** Agents holding any of these agent identifiers, with their external identity. */
export async function findAgentsById(scope: TenantScope, agentIds: string[]) {
  if (agentIds.length === 0) return [];
  type Found = { agentId: string; source: string; externalId: string };
  const results = await scope.db.batchSql<Found>(
    jsonArrayChunks(agentIds).map(
      (json) => sql`SELECT agent_id AS agentId, external_source AS source, external_id AS externalId
        FROM agents WHERE ${tenantSql(scope)} AND agent_id IN (SELECT value FROM json_each(${json}))`,
    ),
  );
  return results.flatMap((r) => r.results);
}

/** A statement text's ?N placeholders bound to SQL fragments (params[N - 1]). */
function bindNumbered(text: string, params: SQL[]): SQL {
  const parts = text.split(/\?(\d)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : params[Number(part) - 1])));
}

/**
 * Upserts all rows in ONE batch (one transaction): every row is written or none is.
 * Rows carry a fresh `id`, used only when the row is new.
 */
export async function upsertRows(
  scope: TenantScope,
  spec: TableSpec,
  rows: Record<string, unknown>[],
  now: string,
  defaultCurrency: string,
): Promise<number> {
  return (await upsertReturning(scope, spec, rows, now, defaultCurrency, "1")).length;
}

/**
 * The same upsert, answering `returning` (columns of the row as stored) for each row inserted or
 * changed: an unchanged row is not rewritten and not returned. `before` runs first in the same
 * batch (one transaction), its results not returned.
 */
export async function upsertReturning<Row>(
  scope: TenantScope,
  spec: TableSpec,
  rows: Record<string, unknown>[],
  now: string,
  defaultCurrency: string,
  returning: string,
  before: SQL[] = [],
): Promise<Row[]> {
  if (rows.length === 0 && before.length === 0) return [];
  const text = upsertSql(spec, returning);
  const bound = [sql``, tenantValue(scope), sql`${now}`, sql`${defaultCurrency}`, tenantSql(scope, "e")];
  const upserts = rows.length === 0 ? [] : jsonArrayChunks(rows);
  const results = await scope.db.batchSql<Row>([
    ...before,
    ...upserts.map((json) => bindNumbered(text, [sql`${json}`, ...bound.slice(1)])),
  ]);
  return results.slice(before.length).flatMap((r) => r.results);
}

/**
 * How many of these rows an upsert would insert (their (externalSource, externalId) is not the
 * tenant's yet): what a storage quota counts before the write. One statement per ~80 KB of keys.
 */
export async function countNewRows(
  scope: TenantScope,
  table: string,
  rows: Record<string, unknown>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const t = sql.raw(table);
  const keys = rows.map((row) => [row.externalSource, row.externalId]);
  const results = await scope.db.batchSql<{ n: number }>(
    jsonArrayChunks(keys).map(
      (json) => sql`SELECT count(*) AS n FROM json_each(${json}) AS j
        WHERE NOT EXISTS (SELECT 1 FROM ${t} AS t WHERE ${tenantSql(scope, "t")}
          AND t.external_source = json_extract(j.value, '$[0]') AND t.external_id = json_extract(j.value, '$[1]'))`,
    ),
  );
  return results.reduce((sum, r) => sum + (r.results[0]?.n ?? 0), 0);
}
