import { and, eq, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { AppError } from "../lib/errors";

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
  const tenant = marked(eq(table.tenantId, scope.tenantId), scope);
  return conditions.length === 0 ? tenant : and(tenant, ...conditions)!;
}

/** Join condition: both rows belong to the same tenant. */
export const sameTenant = (left: TenantTable, right: TenantTable): SQL => eq(left.tenantId, right.tenantId);

/**
 * `<alias>.tenant_id = ?` for raw SQL inside sql`` templates (subqueries over aliases or
 * virtual tables Drizzle does not model). The alias is a code constant, never input.
 */
export const tenantSql = (scope: TenantOf, alias?: string): SQL =>
  marked(
    alias ? sql`${sql.identifier(alias)}.tenant_id = ${scope.tenantId}` : sql`tenant_id = ${scope.tenantId}`,
    scope,
  );

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

/**
 * Every shard table that holds tenant rows, parents before children (foreign keys: customers
 * before accounts, cases before their logs), as a tenant move copies them and a purge deletes
 * them (in reverse). test/moves/tables.test.ts fails when a migrated shard has a table with a
 * tenant_id column that is neither here nor in SHARD_LOCAL_TENANT_TABLES.
 */
export const TENANT_TABLES = [
  "customers",
  "accounts",
  "agents",
  "transactions",
  "data_row_counts",
  "events",
  "sync_runs",
  "import_files",
  "fineract_accounts",
  "fineract_loans",
  "flow_mappings",
  "flow_backfills",
  "bhi_jobs",
  "bhi_records",
  "bhi_latest",
  "fraud_cases",
  "fraud_case_events",
  "fraud_case_heads",
  "fraud_case_tags",
  "aml_thresholds",
  "aml_cases",
  "aml_case_history",
  "aml_case_tags",
  "case_files",
  "case_links",
  "webhook_subscriptions",
  "webhook_deliveries",
  "webhook_delivery_attempts",
  "sme_assessments",
  "sme_benchmark_snapshots",
  "agent_health_snapshots",
  "agent_health_benchmarks",
  "agent_health_refresh_runs",
  "agent_float_reports",
  "agent_float_episodes",
  "agent_float_demand_pools",
  "workflow_runs",
  "tenant_audit_log",
  "rule_set_drafts",
  "rule_set_versions",
  "rule_set_heads",
  "rule_set_publications",
  "lists",
  "list_entries",
  "list_history",
  "monitoring_pending",
  "monitoring_screenings",
  "monitoring_alerts",
  "monitoring_alert_rules",
  "monitoring_runs",
  "idempotency_keys",
  "goaml_profiles",
  "goaml_reports",
  "goaml_report_history",
  "goaml_ctr_runs",
  "goaml_subjects",
  "loans",
  "loan_installments",
  "loan_repayments",
  "lending_snapshots",
  "lending_roll_rates",
  "customer_erasures",
] as const;
export type TenantTableName = (typeof TENANT_TABLES)[number];

/**
 * Tables with a tenant_id whose rows belong to the shard, not the tenant: rebuilt by triggers
 * on the target as the tenant's customers arrive (the search index's per-shard tenant tag),
 * or the move's own marker. A move neither copies nor compares them; a purge deletes the
 * tenant's row of customer_search_tenants last.
 */
export const SHARD_LOCAL_TENANT_TABLES = [
  "customer_search_tenants",
  "tenant_bulk_writes",
  "maintenance_permits",
] as const;
