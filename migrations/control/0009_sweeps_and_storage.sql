-- Stalled operator jobs and storage figures (docs/decisions/tenant-moves.md#stalled-jobs,
-- docs/decisions/fairness.md#storage-quotas).

-- Each resume of a stalled long-running job (tenant move, export, deletion, customer erasure)
-- by the minute cron: how many times and when last, per job. The sweep also reads it so that a
-- job it resumed is not resumed again within the stall threshold (its re-sent message may wait
-- behind the tenant's job slots).
CREATE TABLE job_resumes (
  kind TEXT NOT NULL,
  job_id TEXT NOT NULL,
  tenant_id TEXT NOT NULL,
  resumes INTEGER NOT NULL,
  last_step TEXT NOT NULL,
  last_resumed_at TEXT NOT NULL,
  PRIMARY KEY (kind, job_id)
) WITHOUT ROWID;

-- A deletion's last turn (NULL for rows written before this migration: deleted_at stands in).
ALTER TABLE tenant_tombstones ADD COLUMN updated_at TEXT;

-- The sweep's reads: only unfinished jobs, oldest first.
CREATE INDEX tenant_moves_running_idx ON tenant_moves (updated_at) WHERE state = 'running';
CREATE INDEX tenant_exports_running_idx ON tenant_exports (updated_at) WHERE status = 'running';
CREATE INDEX tenant_tombstones_deleting_idx ON tenant_tombstones (deleted_at) WHERE status = 'deleting';

-- R2 bytes a tenant stores, per kind of object (reports, case files, backtests, goAML filings,
-- exports), a running total kept by every put and delete the Worker makes.
CREATE TABLE tenant_object_usage (
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  objects INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, kind)
) WITHOUT ROWID;

-- Row counts of the tables no trigger counts (loans, case logs, outbox, deliveries), measured
-- by COUNT over the tenant's index range at most once per refresh interval.
CREATE TABLE tenant_row_usage (
  tenant_id TEXT PRIMARY KEY NOT NULL,
  counts TEXT NOT NULL,
  measured_at TEXT NOT NULL
) WITHOUT ROWID;
