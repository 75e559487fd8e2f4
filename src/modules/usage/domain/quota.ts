/**
 * Storage quotas (docs/decisions/fairness.md#storage-quotas): what a tenant's data is estimated
 * to take (D1 rows on its shard times measured bytes per row, plus its R2 objects' exact bytes)
 * and whether a write that adds to it still fits. Pure.
 */

/** The data tables, counted exactly by triggers (data_row_counts). */
export const STORAGE_TABLES = ["customers", "accounts", "transactions", "agents"] as const;
export type StorageTable = (typeof STORAGE_TABLES)[number];

/**
 * The tables no trigger counts, whose rows grow with use: loans, the case logs, the outbox and
 * webhook deliveries. Measured by COUNT over the tenant's index range, at most once per
 * MEASURE_MAX_AGE_SECONDS (src/db/tenant-row-counts.ts).
 */
export const MEASURED_TABLES = [
  "loans",
  "loan_installments",
  "loan_repayments",
  "fraud_case_events",
  "aml_case_history",
  "events",
  "webhook_deliveries",
  "webhook_delivery_attempts",
] as const;
export type MeasuredTable = (typeof MEASURED_TABLES)[number];
export const COUNTED_TABLES = [...STORAGE_TABLES, ...MEASURED_TABLES] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

/**
 * How old measured counts may be before a read queues a recount (and goes on with them): a
 * COUNT over 9 million rows of one tenant took 1.4-4 s in SQLite
 * (docs/decisions/fairness.md#storage-quotas), so a large tenant pays it at most every five
 * minutes, on the jobs queue, never inside a request.
 */
export const MEASURE_MAX_AGE_SECONDS = 300;

/**
 * Bytes a row takes on a shard, indexes included: the growth of D1's size_after per row, with
 * headroom for the columns real records fill, rounded up. The data tables' from the rows
 * bench/fairness.mjs seeds; the measured tables' from copies of rows the API wrote
 * (test/fairness/bytes-per-row.test.ts, which fails when an estimate falls below the growth or
 * passes 1.5 times it): loans 717, installments 215, repayments 471, fraud case events 717-809
 * and AML case history 604-737 (more when the copied row is a note sealed under the subject's
 * key), events 737, webhook deliveries 1,618 (the payload is stored per delivery),
 * delivery attempts 379.
 */
export const BYTES_PER_ROW: Record<CountedTable, number> = {
  customers: 800,
  accounts: 700,
  transactions: 1_300,
  agents: 800,
  loans: 800,
  loan_installments: 300,
  loan_repayments: 550,
  fraud_case_events: 900,
  aml_case_history: 850,
  events: 800,
  webhook_deliveries: 1_800,
  webhook_delivery_attempts: 450,
};

/** R2 objects by what they are, from the key under `tenants/{tenantId}/`. */
export const OBJECT_KINDS = ["reports", "case_files", "backtests", "goaml", "exports", "other"] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];

const KIND_BY_FOLDER: Record<string, ObjectKind> = {
  reports: "reports",
  "case-files": "case_files",
  aml: "backtests",
  rules: "backtests",
  "agent-health": "backtests",
  goaml: "goaml",
  exports: "exports",
};

/** The kind of a tenant's object key; undefined when the key is not under the tenant's prefix. */
export function objectKind(tenantId: string, key: string): ObjectKind | undefined {
  const prefix = `tenants/${tenantId}/`;
  if (!key.startsWith(prefix)) return undefined;
  return KIND_BY_FOLDER[key.slice(prefix.length).split("/")[0]] ?? "other";
}

/** A fifth of a 10 GB D1 database: five tenants at their quota leave room on a shard for the rest. */
export const DEFAULT_STORAGE_QUOTA_BYTES = 2_000_000_000;
/** What an operator may set: a whole D1 database (a dedicated shard). */
export const MAX_STORAGE_QUOTA_BYTES = 10_000_000_000;

export interface TableUsage {
  table: CountedTable;
  rows: number;
  estimatedBytes: number;
}
export interface ObjectUsage {
  kind: ObjectKind;
  objects: number;
  bytes: number;
}

export function tableUsage(rows: Partial<Record<string, number>>): TableUsage[] {
  return COUNTED_TABLES.map((table) => {
    const n = Math.max(0, rows[table] ?? 0);
    return { table, rows: n, estimatedBytes: n * BYTES_PER_ROW[table] };
  });
}

export function objectUsage(
  totals: Partial<Record<string, { objects: number; bytes: number }>>,
): ObjectUsage[] {
  return OBJECT_KINDS.map((kind) => ({
    kind,
    objects: Math.max(0, totals[kind]?.objects ?? 0),
    bytes: Math.max(0, totals[kind]?.bytes ?? 0),
  }));
}

export const totalBytes = (tables: TableUsage[], objects: ObjectUsage[] = []) =>
  tables.reduce((sum, t) => sum + t.estimatedBytes, 0) + objects.reduce((sum, o) => sum + o.bytes, 0);

/**
 * What a write adds: new rows of a counted table, new rows of several (a loan with its
 * installments, repayments), or bytes of an object.
 */
export type Addition =
  | { table: CountedTable; rows: number }
  | { tables: Partial<Record<CountedTable, number>> }
  | { objectBytes: number };

const rowBytes = (table: CountedTable, rows: number | undefined) =>
  Math.max(0, rows ?? 0) * BYTES_PER_ROW[table];

export function addedBytes(added: Addition): number {
  if ("table" in added) return rowBytes(added.table, added.rows);
  if ("tables" in added)
    return COUNTED_TABLES.reduce((sum, table) => sum + rowBytes(table, added.tables[table]), 0);
  return Math.max(0, added.objectBytes);
}

/** How a refusal names what was added: "3 new loans, 36 new loan_installments". */
export function describeAddition(added: Addition): string {
  if ("objectBytes" in added) return `a ${added.objectBytes}-byte file`;
  const rows: Partial<Record<CountedTable, number>> =
    "tables" in added ? added.tables : { [added.table]: added.rows };
  return COUNTED_TABLES.filter((table) => (rows[table] ?? 0) > 0)
    .map((table) => `${rows[table]} new ${table}`)
    .join(", ");
}

/**
 * Whether a write that adds `added` fits: a write that adds nothing always fits (updates of
 * stored rows go through at the quota, so a tenant over it can still correct its data).
 */
export function storageCheck(
  usedBytes: number,
  added: Addition,
  quotaBytes: number,
): { fits: boolean; usedBytes: number; addedBytes: number } {
  const adds = addedBytes(added);
  return { fits: adds === 0 || usedBytes + adds <= quotaBytes, usedBytes, addedBytes: adds };
}
