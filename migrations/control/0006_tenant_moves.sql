-- Online tenant moves between shards (docs/decisions/tenant-moves.md).

-- The write fence: from `write_fenced_from` until `write_fenced_until` the tenant's writes answer
-- 503 with Retry-After and its background jobs wait; reads continue. Announced ahead (`from` lies
-- past the 5 s every isolate may cache the tenant row), so all isolates start refusing at the same
-- moment without the move waiting inside the fence. A deadline, not a flag, so a fence whose move
-- crashed lifts by itself. Read with the tenant row the request already loads (no extra query).
ALTER TABLE tenants ADD COLUMN write_fenced_from TEXT;
ALTER TABLE tenants ADD COLUMN write_fenced_until TEXT;

-- One row per move; the job's whole state lives here so any step can crash and be re-run.
-- `seq` is bumped by every saved step: a queue message names the seq it continues, so a
-- duplicate delivery of an old message does nothing.
CREATE TABLE tenant_moves (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  source_shard INTEGER NOT NULL,
  target_shard INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('running', 'succeeded', 'failed')),
  step TEXT NOT NULL CHECK (step IN ('copy', 'catch_up', 'fence', 'final_sync', 'switch', 'cleanup', 'done')),
  seq INTEGER NOT NULL DEFAULT 0,
  -- Position inside the current pass: the table (index into the move plan) and its key cursor (JSON).
  table_index INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  -- Pass number within the step and rows changed on the target by the current pass.
  round INTEGER NOT NULL DEFAULT 0,
  round_changes INTEGER NOT NULL DEFAULT 0,
  -- Per table: rows and running content hashes of each side, rows written and deleted (JSON).
  progress TEXT NOT NULL DEFAULT '{}',
  -- Not before this time may the step run (the fence settling, the old readers draining).
  resume_at TEXT,
  fence_started_at TEXT,
  fence_ended_at TEXT,
  switched_at TEXT,
  finished_at TEXT,
  error TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX tenant_moves_one_running ON tenant_moves (tenant_id) WHERE state = 'running';
CREATE INDEX tenant_moves_tenant_idx ON tenant_moves (tenant_id, created_at DESC);
