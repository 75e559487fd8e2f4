-- Fairness between tenants on the shared jobs queue (docs/decisions/fairness.md).

-- A tenant's running jobs: one row per job message holding a slot (its queue message id). A
-- job takes a slot only while fewer than the tenant's limit are live (one INSERT ... SELECT,
-- which D1 runs alone, so two consumers cannot both take the last slot); it gives it back when
-- its handler returns. A consumer that dies keeps its slot until the lease runs out.
CREATE TABLE job_slots (
  tenant_id TEXT NOT NULL,
  slot_id TEXT NOT NULL,
  job_type TEXT NOT NULL,
  acquired_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, slot_id)
) WITHOUT ROWID;

-- The job a repeatable request last started, by (tenant, dedupe key = kind + hash of its
-- input): a second identical request while that job runs joins it. A row whose job has
-- finished is taken over by the next request (compare-and-swap on job_id); the daily cron
-- drops rows older than a week.
CREATE TABLE job_dedupe (
  tenant_id TEXT NOT NULL,
  dedupe_key TEXT NOT NULL,
  job_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, dedupe_key)
) WITHOUT ROWID;
CREATE INDEX job_dedupe_created_idx ON job_dedupe (created_at);
