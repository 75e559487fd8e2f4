-- A failed tenant move cleans up after itself (docs/decisions/tenant-moves.md#a-failed-move).
-- SQLite cannot change a CHECK constraint in place, so tenant_moves is rebuilt with the
-- 'rollback' step (the partial copy being deleted from the target) and `failures`, the
-- consecutive failed attempts of the current unit (reset by every saved step).
CREATE TABLE tenant_moves_next (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  source_shard INTEGER NOT NULL,
  target_shard INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('running', 'succeeded', 'failed')),
  step TEXT NOT NULL CHECK (step IN ('copy', 'catch_up', 'fence', 'final_sync', 'switch', 'cleanup', 'done', 'rollback')),
  seq INTEGER NOT NULL DEFAULT 0,
  table_index INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  round INTEGER NOT NULL DEFAULT 0,
  round_changes INTEGER NOT NULL DEFAULT 0,
  progress TEXT NOT NULL DEFAULT '{}',
  resume_at TEXT,
  fence_started_at TEXT,
  fence_ended_at TEXT,
  switched_at TEXT,
  finished_at TEXT,
  error TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0
);
INSERT INTO tenant_moves_next (id, tenant_id, source_shard, target_shard, state, step, seq, table_index, cursor,
  round, round_changes, progress, resume_at, fence_started_at, fence_ended_at, switched_at, finished_at, error,
  created_by, created_at, updated_at)
SELECT id, tenant_id, source_shard, target_shard, state, step, seq, table_index, cursor,
  round, round_changes, progress, resume_at, fence_started_at, fence_ended_at, switched_at, finished_at, error,
  created_by, created_at, updated_at
FROM tenant_moves;
DROP TABLE tenant_moves;
ALTER TABLE tenant_moves_next RENAME TO tenant_moves;
CREATE UNIQUE INDEX tenant_moves_one_running ON tenant_moves (tenant_id) WHERE state = 'running';
CREATE INDEX tenant_moves_tenant_idx ON tenant_moves (tenant_id, created_at DESC);
CREATE INDEX tenant_moves_running_idx ON tenant_moves (updated_at) WHERE state = 'running';

-- The operator's figures (GET /admin/shards, stalledJobs): resumes of the last 24 hours.
CREATE INDEX job_resumes_recent_idx ON job_resumes (last_resumed_at);

-- Recounts of a tenant's R2 objects (docs/operations.md#recounting-r2-objects): the bucket listed
-- under tenants/{id}/ in pages on the jobs queue, and tenant_object_usage set to what it holds.
-- `step` is the turn (a message whose step is not the row's does nothing); `counted` the running
-- figures per kind (JSON); `applied_by` the one turn whose batch wrote the totals.
CREATE TABLE tenant_object_recounts (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded')),
  step INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  pages INTEGER NOT NULL DEFAULT 0,
  counted TEXT NOT NULL DEFAULT '{}',
  totals_before TEXT,
  applied_by TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE UNIQUE INDEX tenant_object_recounts_one_running ON tenant_object_recounts (tenant_id) WHERE status = 'running';
CREATE INDEX tenant_object_recounts_tenant_idx ON tenant_object_recounts (tenant_id, created_at DESC);
