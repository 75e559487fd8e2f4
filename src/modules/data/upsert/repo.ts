import type { TenantScope } from "../../../db/client";
import { jsonArrayChunks } from "../../../lib/json-chunks";
import { type TableSpec, upsertSql } from "../domain/upsert-sql";

/**
 * The write path of the data tables (ingest and connector syncs reach it through ./service.ts). Raw D1 statements (the drizzle client's own binding) because rows
 * travel as one JSON parameter; every statement is bound to the tenant (?2 or ?1).
 */
const d1 = (scope: TenantScope): D1Database => scope.db.$client;

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
  const extra = table === "accounts" ? ", t.customer_id AS customerId" : "";
  const byId = `SELECT t.id AS id, t.external_source AS source, t.external_id AS externalId${extra}
    FROM ${table} AS t WHERE t.tenant_id = ?1 AND t.id IN (SELECT value FROM json_each(?2))`;
  const byKey = `SELECT t.id AS id, t.external_source AS source, t.external_id AS externalId${extra}
    FROM json_each(?2) AS j CROSS JOIN ${table} AS t ON t.tenant_id = ?1
      AND t.external_source = json_extract(j.value, '$[0]') AND t.external_id = json_extract(j.value, '$[1]')`;
  const db = d1(scope);
  const statements = [
    ...jsonArrayChunks(ids).map((json) => db.prepare(byId).bind(scope.tenantId, json)),
    ...jsonArrayChunks(externalKeys).map((json) => db.prepare(byKey).bind(scope.tenantId, json)),
  ];
  const results = await db.batch<LinkTarget>(statements);
  return results.flatMap((r) => r.results);
}

/** Agents holding any of these agent identifiers, with their external identity. */
export async function findAgentsById(scope: TenantScope, agentIds: string[]) {
  if (agentIds.length === 0) return [];
  const db = d1(scope);
  const sql = `SELECT agent_id AS agentId, external_source AS source, external_id AS externalId
    FROM agents WHERE tenant_id = ?1 AND agent_id IN (SELECT value FROM json_each(?2))`;
  const results = await db.batch<{ agentId: string; source: string; externalId: string }>(
    jsonArrayChunks(agentIds).map((json) => db.prepare(sql).bind(scope.tenantId, json)),
  );
  return results.flatMap((r) => r.results);
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
  if (rows.length === 0) return 0;
  const db = d1(scope);
  const sql = upsertSql(spec);
  const highest = Math.max(...[...sql.matchAll(/\?(\d)/g)].map((m) => Number(m[1])));
  // D1 wants exactly as many values as the statement's highest ?N.
  const statements = jsonArrayChunks(rows).map((json) =>
    db.prepare(sql).bind(...[json, scope.tenantId, now, defaultCurrency].slice(0, highest)),
  );
  const results = await db.batch(statements);
  // Rows inserted or actually changed (an unchanged row is not rewritten).
  return results.reduce((sum, r) => sum + r.results.length, 0);
}
