-- A recount of a tenant's R2 objects can fail (docs/operations.md#recounting-r2-objects): a turn
-- that throws MAX_RECOUNT_FAILURES times in a row ends it `failed` with its `error`, instead of
-- retrying for ever across dead-letters and the minute cron's resumes. SQLite cannot change a CHECK
-- constraint in place, so the table is rebuilt with the 'failed' status, `failures` (consecutive
-- failed attempts of the current turn, reset by every saved turn) and `error` (the last one's).
CREATE TABLE tenant_object_recounts_next (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
  step INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  pages INTEGER NOT NULL DEFAULT 0,
  counted TEXT NOT NULL DEFAULT '{}',
  totals_before TEXT,
  applied_by TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT,
  failures INTEGER NOT NULL DEFAULT 0,
  error TEXT
);
INSERT INTO tenant_object_recounts_next (id, tenant_id, status, step, cursor, pages, counted, totals_before,
  applied_by, created_by, created_at, updated_at, finished_at)
SELECT id, tenant_id, status, step, cursor, pages, counted, totals_before,
  applied_by, created_by, created_at, updated_at, finished_at
FROM tenant_object_recounts;
DROP TABLE tenant_object_recounts;
ALTER TABLE tenant_object_recounts_next RENAME TO tenant_object_recounts;
CREATE UNIQUE INDEX tenant_object_recounts_one_running ON tenant_object_recounts (tenant_id) WHERE status = 'running';
CREATE INDEX tenant_object_recounts_tenant_idx ON tenant_object_recounts (tenant_id, created_at DESC);
-- The minute cron's sweep for stalled recounts (src/jobs/resumes.ts): running rows by last save.
CREATE INDEX tenant_object_recounts_running_idx ON tenant_object_recounts (updated_at) WHERE status = 'running';
