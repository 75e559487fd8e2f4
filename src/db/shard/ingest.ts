import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Core-banking sync bookkeeping: mirrors migrations/shard/0002_ingest.sql. */
export const syncRuns = sqliteTable(
  "sync_runs",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    connectorType: text("connector_type").notNull(),
    provider: text("provider").notNull(),
    status: text("status", { enum: ["running", "succeeded", "failed"] }).notNull(),
    recordsWritten: text("records_written", { mode: "json" }).$type<Record<string, number>>().notNull(),
    errors: text("errors", { mode: "json" }).$type<string[]>().notNull(),
    errorCount: integer("error_count").notNull(),
    filesLoaded: text("files_loaded", { mode: "json" }).$type<string[]>().notNull(),
    cursor: text("cursor", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    version: integer("version").notNull(),
    startedAt: text("started_at").notNull(),
    heartbeatAt: text("heartbeat_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [
    uniqueIndex("sync_runs_running_uq").on(t.tenantId, t.connectorType),
    index("sync_runs_list_idx").on(t.tenantId, t.startedAt, t.id),
  ],
);

export const importFiles = sqliteTable(
  "import_files",
  {
    tenantId: text("tenant_id").notNull(),
    objectKey: text("object_key").notNull(),
    etag: text("etag").notNull(),
    resource: text("resource"),
    format: text("format"),
    size: integer("size").notNull(),
    status: text("status", { enum: ["pending", "loaded", "skipped"] }).notNull(),
    runId: text("run_id").notNull(),
    recordsWritten: integer("records_written").notNull(),
    errorCount: integer("error_count").notNull(),
    loadedAt: text("loaded_at"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.objectKey] }),
    index("import_files_run_idx").on(t.tenantId, t.runId, t.status),
  ],
);

export const fineractAccounts = sqliteTable(
  "fineract_accounts",
  {
    tenantId: text("tenant_id").notNull(),
    accountId: text("account_id").notNull(),
    fingerprint: text("fingerprint"),
    syncedFingerprint: text("synced_fingerprint"),
    lastTransactionId: integer("last_transaction_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.accountId] })],
);

/** Fineract loans seen by the sync (migrations/shard/0038_lending_roll_rates.sql), like fineract_accounts. */
export const fineractLoans = sqliteTable(
  "fineract_loans",
  {
    tenantId: text("tenant_id").notNull(),
    loanId: text("loan_id").notNull(),
    fingerprint: text("fingerprint"),
    syncedFingerprint: text("synced_fingerprint"),
    lastTransactionId: integer("last_transaction_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.loanId] })],
);

export type SyncRunRow = typeof syncRuns.$inferSelect;
export type ImportFileRow = typeof importFiles.$inferSelect;
