-- Core-banking sync bookkeeping (issue 3).

-- One row per sync run. At most one running run per tenant and connector type (the
-- partial unique index is the backstop of the 409 check). `cursor` is where the run
-- resumes on the jobs queue; `heartbeat_at` lets a crashed run be taken over.
CREATE TABLE sync_runs (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  connector_type TEXT NOT NULL,
  provider TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
  records_written TEXT NOT NULL DEFAULT '{}',
  errors TEXT NOT NULL DEFAULT '[]',
  error_count INTEGER NOT NULL DEFAULT 0,
  files_loaded TEXT NOT NULL DEFAULT '[]',
  cursor TEXT NOT NULL DEFAULT '{}',
  version INTEGER NOT NULL DEFAULT 0,
  started_at TEXT NOT NULL,
  heartbeat_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE UNIQUE INDEX sync_runs_running_uq ON sync_runs (tenant_id, connector_type) WHERE status = 'running';
CREATE INDEX sync_runs_list_idx ON sync_runs (tenant_id, started_at DESC, id DESC);

-- Ledger of export files (R2 objects under tenants/{tenantId}/imports/core_banking/):
-- a file (key + etag) is loaded once; a replaced object (new etag) loads again.
CREATE TABLE import_files (
  tenant_id TEXT NOT NULL,
  object_key TEXT NOT NULL,
  etag TEXT NOT NULL,
  resource TEXT,
  format TEXT,
  size INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'loaded', 'skipped')),
  run_id TEXT NOT NULL,
  records_written INTEGER NOT NULL DEFAULT 0,
  error_count INTEGER NOT NULL DEFAULT 0,
  loaded_at TEXT,
  PRIMARY KEY (tenant_id, object_key)
);
CREATE INDEX import_files_run_idx ON import_files (tenant_id, run_id, status);

-- Fineract: per savings account, what the last sync saw (summary fingerprint and the
-- highest transaction id loaded), so later syncs fetch only accounts that moved and
-- write only newer transactions.
CREATE TABLE fineract_accounts (
  tenant_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  fingerprint TEXT,
  synced_fingerprint TEXT,
  last_transaction_id INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, account_id)
);
CREATE INDEX fineract_accounts_dirty_idx ON fineract_accounts (tenant_id, account_id)
  WHERE fingerprint IS NOT synced_fingerprint;
