/**
 * Storage quotas (docs/decisions/fairness.md#storage-quotas): what a tenant's data is estimated
 * to take on its shard, and whether a write that adds rows still fits. Pure.
 */

export const STORAGE_TABLES = ["customers", "accounts", "transactions", "agents"] as const;
export type StorageTable = (typeof STORAGE_TABLES)[number];

/**
 * Bytes a row takes on a shard, indexes included: the growth of D1's size_after per row that
 * bench/fairness.mjs prints for its seeded rows (few optional columns), with headroom for the
 * columns real records fill, rounded up.
 */
export const BYTES_PER_ROW: Record<StorageTable, number> = {
  customers: 800,
  accounts: 700,
  transactions: 1_300,
  agents: 800,
};

/** A fifth of a 10 GB D1 database: five tenants at their quota leave room on a shard for the rest. */
export const DEFAULT_STORAGE_QUOTA_BYTES = 2_000_000_000;
/** What an operator may set: a whole D1 database (a dedicated shard). */
export const MAX_STORAGE_QUOTA_BYTES = 10_000_000_000;

export interface TableUsage {
  table: StorageTable;
  rows: number;
  estimatedBytes: number;
}

export function tableUsage(rows: Partial<Record<string, number>>): TableUsage[] {
  return STORAGE_TABLES.map((table) => {
    const n = Math.max(0, rows[table] ?? 0);
    return { table, rows: n, estimatedBytes: n * BYTES_PER_ROW[table] };
  });
}

export const totalBytes = (tables: TableUsage[]) => tables.reduce((sum, t) => sum + t.estimatedBytes, 0);

/**
 * Whether `newRows` more rows of `table` fit: a write that adds nothing always fits (updates of
 * stored rows go through at the quota, so a tenant over it can still correct its data).
 */
export function storageCheck(
  rows: Partial<Record<string, number>>,
  table: StorageTable,
  newRows: number,
  quotaBytes: number,
): { fits: boolean; usedBytes: number; addedBytes: number } {
  const usedBytes = totalBytes(tableUsage(rows));
  const addedBytes = Math.max(0, newRows) * BYTES_PER_ROW[table];
  return { fits: addedBytes === 0 || usedBytes + addedBytes <= quotaBytes, usedBytes, addedBytes };
}
