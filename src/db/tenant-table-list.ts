import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as shardSchema from "./shard";

/**
 * THE list of shard tables that hold a tenant's data, for every job that walks all of them: a
 * tenant move (copy, compare, delete the old copy), offboarding (export, delete, count) and a
 * data-subject erasure (scrub). The order is the copy order: parents before the children whose
 * foreign keys name them, and data_row_counts after the four tables whose insert triggers count
 * into it (the copy then overwrites the target's counts with the source's).
 * test/foundation/tenant-tables.test.ts fails when a migrated shard has a table with a tenant_id
 * column that is neither here nor in SHARD_LOCAL_TENANT_TABLES, when a table comes before its
 * parent, or when a Drizzle mirror's key is not the table's primary key.
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
  "aml_case_subjects",
  "case_files",
  "case_links",
  "case_queues",
  "case_queue_entries",
  "webhook_subscriptions",
  "tenant_users",
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
  "monitoring_alert_cases",
  "monitoring_deferred_cases",
  "monitoring_runs",
  "monitoring_network_scans",
  "peer_group_stats",
  "peer_stats_runs",
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
  "subject_keys",
  "customer_erasures",
  "sanctions_settings",
  "sanctions_cases",
  "sanctions_clearances",
] as const;
export type TenantTableName = (typeof TENANT_TABLES)[number];

/**
 * Tables with a tenant_id whose rows belong to the shard, not the tenant: the search index's
 * per-shard tenant tag (rebuilt on a move's target by the customer insert trigger; a move
 * drops the old shard's row at the end, offboarding deletes it last), the maintenance
 * permits (migrations/shard/0041) and a move's change log on its source (0044, src/db/move-log.ts).
 * Never copied or compared.
 */
export const SHARD_LOCAL_TENANT_TABLES = [
  "customer_search_tenants",
  "maintenance_permits",
  "move_watches",
  "move_changes",
] as const;

/** Counters kept by delete triggers of other tenant tables: deleted after those tables. */
const COUNTERS: readonly TenantTableName[] = ["data_row_counts"];

/** Deletion order: children before parents (the copy order reversed), counters last. */
export const DELETE_ORDER: readonly TenantTableName[] = [
  ...[...TENANT_TABLES].reverse().filter((t) => !COUNTERS.includes(t)),
  ...COUNTERS,
];

/** What a job needs to know of a tenant table, read from its Drizzle mirror (src/db/shard). */
export interface TenantTableInfo {
  name: string;
  /** The primary key's columns: a row's identity, and the page order (keyset). */
  key: string[];
}

function describe(table: SQLiteTable): TenantTableInfo | undefined {
  const config = getTableConfig(table);
  if (!config.columns.some((c) => c.name === "tenant_id")) return undefined;
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
  const key = composite ?? config.columns.filter((c) => c.primary).map((c) => c.name);
  return { name: config.name, key: key.length ? key : ["rowid"] };
}

/** Every mirrored table with a tenant_id column, by name. */
export const mirroredTenantTables: ReadonlyMap<string, TenantTableInfo> = new Map(
  (Object.values(shardSchema) as unknown[])
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .map(describe)
    .filter((t): t is TenantTableInfo => t !== undefined)
    .map((t) => [t.name, t]),
);

/** One listed table's facts (its mirror; src/db/tenant-table-list.test.ts checks every one has one). */
export function tenantTable(name: TenantTableName | "customer_search_tenants"): TenantTableInfo {
  const info = mirroredTenantTables.get(name);
  if (!info) throw new Error(`no Drizzle mirror for tenant table ${name}`);
  return info;
}

/**
 * Every table holding the tenant's rows on its shard, in deletion order, the search tag last:
 * what offboarding exports, deletes and counts (an erasure sweeps src/db/personal-columns.ts).
 */
export const tenantTables = (): TenantTableInfo[] =>
  [...DELETE_ORDER, "customer_search_tenants" as const].map(tenantTable);
