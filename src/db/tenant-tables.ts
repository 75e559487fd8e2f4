import { and, eq, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { AppError } from "../lib/errors";
import { isPrimaryKeyList } from "./sql";

/**
 * The one way a module writes the tenant predicate (docs/architecture.md#tenancy-and-shards).
 * Repositories never type `eq(x.tenantId, ...)` or `tenant_id = ...` by hand; a unit test
 * (src/db/tenant-predicates.test.ts) refuses new hand-written ones. Cross-tenant sweeps
 * (cron, queues, re-anchor, reseal) are system repositories and listed there.
 */

/** Who the rows belong to: a TenantScope, or a tenant id an operator filter names. */
export interface TenantOf {
  tenantId: string;
}

/** Any table (or alias) with a tenant column; a table without one does not type-check. */
export interface TenantTable {
  tenantId: SQLiteColumn;
}

/**
 * The SQL fragments made here, with the tenant they name: how TenantDb recognises a raw
 * statement that is scoped (assertTenantScoped), without parsing SQL text.
 */
const tenantFragments = new WeakMap<SQL, string>();
const marked = (fragment: SQL, scope: TenantOf): SQL => {
  tenantFragments.set(fragment, scope.tenantId);
  return fragment;
};

/** `table.tenant_id = scope's tenant AND conditions...` (undefined conditions are skipped). */
export function tenantWhere(scope: TenantOf, table: TenantTable, ...conditions: (SQL | undefined)[]): SQL {
  const term = marked(eq(table.tenantId, scope.tenantId), scope);
  // Next to a list of the table's ids, the planner hint of likelyTenantSql (src/db/sql.ts).
  const byIds = conditions.some((c) => c !== undefined && isPrimaryKeyList(c));
  const tenant = byIds ? sql`likelihood(${term}, 0.99)` : term;
  return conditions.length === 0 ? tenant : and(tenant, ...conditions)!;
}

/** Join condition: both rows belong to the same tenant. */
export const sameTenant = (left: TenantTable, right: TenantTable): SQL => eq(left.tenantId, right.tenantId);

/** `<left>.tenant_id = <right>.tenant_id`: a raw join's tenant equality (aliases are code constants). */
export const sameTenantText = (left: string, right: string): string =>
  `${left}.tenant_id = ${right}.tenant_id`;

/**
 * `<alias>.tenant_id = ?` for raw SQL inside sql`` templates (subqueries over aliases or
 * virtual tables Drizzle does not model). The alias is a code constant, never input.
 */
export const tenantSql = (scope: TenantOf, alias?: string): SQL =>
  marked(
    alias ? sql`${sql.identifier(alias)}.tenant_id = ${scope.tenantId}` : sql`tenant_id = ${scope.tenantId}`,
    scope,
  );

/**
 * tenantSql marked likely true (`likelihood`, a planner hint only), for statements that join a
 * JSON list (json_each) to a big tenant table by key. Without statistics SQLite takes
 * `tenant_id = ?` for selective, walks the tenant's every row and scans the list for each,
 * O(rows x list): 1,000 flow pairs over 56,000 transactions took 105 s in the sqlite3 CLI.
 * Hinted, it reads the list and looks each key up: 0.2 s. test/foundation/json-join-plans.test.ts
 * checks the plan of every such statement (docs/architecture.md#json-lists-joined-to-tenant-tables).
 */
export const likelyTenantSql = (scope: TenantOf, alias?: string): SQL =>
  sql`likelihood(${tenantSql(scope, alias)}, 0.99)`;

/** The same hint in a system repository's SQL text, whose tenant term is written out: `e.tenant_id = ?1`. */
export const likelyTenantText = (term: string): string => `likelihood(${term}, 0.99)`;

/** The tenant id as a bound value, for raw INSERT ... SELECT statements that write it. */
export const tenantValue = (scope: TenantOf): SQL => marked(sql`${scope.tenantId}`, scope);

function holdsTenant(fragment: SQL, tenantId: string): boolean {
  if (tenantFragments.get(fragment) === tenantId) return true;
  return fragment.queryChunks.some((chunk) => chunk instanceof SQL && holdsTenant(chunk, tenantId));
}

/**
 * Refuses (throws, before anything reaches D1) a raw statement that holds none of the
 * scope's tenant fragments (tenantSql, tenantWhere, tenantValue).
 */
export function assertTenantScoped(scope: TenantOf, query: SQL): void {
  if (!holdsTenant(query, scope.tenantId)) {
    throw new AppError("internal", "raw shard SQL without the tenant predicate (use tenantSql)");
  }
}

/** The row to insert, its tenant filled from the scope (callers cannot pass another one). */
export const withTenant = <Row extends object>(scope: TenantOf, row: Row): Row & TenantOf => ({
  ...row,
  tenantId: scope.tenantId,
});
