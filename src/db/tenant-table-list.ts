// MERGE: share with src/db/tenant-rows.ts (the moves branch pages a tenant's rows of any table too).
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as shardSchema from "./shard";

/**
 * Every shard table that holds tenant rows, read from the Drizzle mirrors (src/db/shard), so a
 * new module's table is exported, deleted and scrubbed without a list to remember.
 * test/offboarding/tables.test.ts checks the mirrors against the migrated database: a table
 * with a tenant_id column that is missing here fails it.
 */
export interface TenantTableInfo {
  name: string;
  /** Keyset order: the primary key's columns (a row's identity in pages). */
  key: string[];
  /** Text columns an erasure may scrub (identity, hashes, statuses and times excluded). */
  textColumns: string[];
  /** The table has redacted_at (case logs, 0040): an erasure stamps the rows it changed. */
  stampsRedaction: boolean;
}

/** Tables deleted after all the others: triggers of earlier tables still write to them. */
const DELETE_LAST = ["data_row_counts", "customer_search_tenants"];

/** Children before parents (foreign keys in migrations/shard). */
const CHILDREN_FIRST: Record<string, string[]> = {
  customers: ["accounts"],
  fraud_cases: ["fraud_case_events", "fraud_case_heads"],
  aml_cases: ["aml_case_history"],
  goaml_reports: ["goaml_report_history"],
};

/** Columns never scrubbed: identity, links, chain fields, states, times (a value, not prose). */
const NOT_PERSONAL =
  /^(id|tenant_id|hash|previous_hash|head_hash|content_hash|status|currency|correlation_id)$|_(id|at|hash|sha256|status|type|date|start|end)$/;

const isTable = (value: unknown): value is SQLiteTable => is(value, SQLiteTable);

function describe(table: SQLiteTable): TenantTableInfo | undefined {
  const config = getTableConfig(table);
  if (!config.columns.some((c) => c.name === "tenant_id")) return undefined;
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
  const key = composite ?? config.columns.filter((c) => c.primary).map((c) => c.name);
  const textColumns = config.columns
    .filter((c) => c.getSQLType() === "text" && !NOT_PERSONAL.test(c.name))
    .map((c) => c.name);
  const stampsRedaction = config.columns.some((c) => c.name === "redacted_at");
  return { name: config.name, key: key.length ? key : ["rowid"], textColumns, stampsRedaction };
}

const all: TenantTableInfo[] = (Object.values(shardSchema) as unknown[])
  .filter(isTable)
  .map(describe)
  .filter((t): t is TenantTableInfo => t !== undefined && t.name !== "maintenance_permits");

/** Every tenant table, in an order safe for deletion (children first, counters last). */
export function tenantTables(): TenantTableInfo[] {
  const rank = (name: string) => {
    if (DELETE_LAST.includes(name)) return 2;
    if (Object.values(CHILDREN_FIRST).some((children) => children.includes(name))) return 0;
    return 1;
  };
  return [...all].sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : 1));
}
