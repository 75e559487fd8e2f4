import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

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

/** `table.tenant_id = scope's tenant AND conditions...` (undefined conditions are skipped). */
export function tenantWhere(scope: TenantOf, table: TenantTable, ...conditions: (SQL | undefined)[]): SQL {
  const tenant = eq(table.tenantId, scope.tenantId);
  return conditions.length === 0 ? tenant : and(tenant, ...conditions)!;
}

/** Join condition: both rows belong to the same tenant. */
export const sameTenant = (left: TenantTable, right: TenantTable): SQL => eq(left.tenantId, right.tenantId);

/**
 * `<alias>.tenant_id = ?` for raw SQL inside sql`` templates (subqueries over aliases or
 * virtual tables Drizzle does not model). The alias is a code constant, never input.
 */
export const tenantSql = (scope: TenantOf, alias?: string): SQL =>
  alias ? sql`${sql.identifier(alias)}.tenant_id = ${scope.tenantId}` : sql`tenant_id = ${scope.tenantId}`;

/** The row to insert, its tenant filled from the scope (callers cannot pass another one). */
export const withTenant = <Row extends object>(scope: TenantOf, row: Row): Row & TenantOf => ({
  ...row,
  tenantId: scope.tenantId,
});
