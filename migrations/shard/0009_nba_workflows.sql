-- Workflows (every shard). Workflow definitions are built in (src/modules/workflows/domain/catalog.ts)
-- and identical for every tenant: only runs are stored. NBA actions are not stored (recomputed
-- from stored data on demand; nba.generated events carry what was recommended).
CREATE TABLE workflow_runs (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  workflow_id TEXT NOT NULL,
  workflow_name TEXT NOT NULL,
  workflow_version TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'succeeded', 'failed')),
  -- "api:<keyId>", "cron:<expression>" or "event:<eventType>"
  triggered_by TEXT NOT NULL,
  -- One run per trigger occurrence: "event:<eventId>", "cron:<period>"; NULL for manual runs.
  trigger_key TEXT,
  input TEXT NOT NULL,
  -- JSON array of {id, name, action, status, startedAt, completedAt, error, state}
  steps TEXT NOT NULL,
  output TEXT NOT NULL,
  error TEXT,
  -- The consumer executing the run holds this token; a duplicate queue message does not.
  lease TEXT,
  created_at TEXT NOT NULL,
  started_at TEXT,
  completed_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX workflow_runs_list_idx ON workflow_runs (tenant_id, created_at DESC, id DESC);
CREATE INDEX workflow_runs_workflow_idx ON workflow_runs (tenant_id, workflow_id, created_at DESC, id DESC);
CREATE INDEX workflow_runs_status_idx ON workflow_runs (tenant_id, status, created_at DESC, id DESC);
CREATE UNIQUE INDEX workflow_runs_trigger_uq ON workflow_runs (tenant_id, workflow_id, trigger_key)
  WHERE trigger_key IS NOT NULL;

-- A finished run never changes again (docs/contract.md#workflows: succeeded and failed are terminal).
CREATE TRIGGER workflow_runs_terminal_immutable BEFORE UPDATE ON workflow_runs
  WHEN OLD.status IN ('succeeded', 'failed')
  BEGIN SELECT RAISE(ABORT, 'workflow run is finished'); END;
CREATE TRIGGER workflow_runs_no_delete BEFORE DELETE ON workflow_runs
  BEGIN SELECT RAISE(ABORT, 'workflow runs are append-only'); END;

-- The risk-review event trigger reads a tenant's recent customer.risk_alert events on every
-- outbox pass; without this it would walk all of the tenant's recent events (100,000
-- bhi.calculated a day for a large tenant). Additive index on the foundation's outbox table.
CREATE INDEX events_tenant_type_idx ON events (tenant_id, type, created_at, id);
