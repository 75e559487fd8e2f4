-- The every-minute sweep finds runs stored as pending whose queue message never arrived
-- (trigger stored the run, then the send failed): a small partial index across tenants.
CREATE INDEX workflow_runs_pending_idx ON workflow_runs (created_at) WHERE status = 'pending';
