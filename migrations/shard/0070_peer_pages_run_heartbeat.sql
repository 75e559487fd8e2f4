-- Accounts walked in key order within a tenant: the peer statistics' refresh pages
-- (src/modules/data/peers/repo.ts featurePage; docs/methodology/peers.md#cost). As
-- customers_tenant_id_uq (0011) does for customers: without it a page either walks every
-- tenant's accounts by id or sorts the tenant's accounts.
CREATE UNIQUE INDEX accounts_tenant_id_uq ON accounts (tenant_id, id);

-- A portfolio run's heartbeat (src/modules/monitoring/runs/service.ts): until when its step is
-- known alive, renewed every 10 s while a step works and set past a handover's delay. The minute
-- cron resends the message of a running run whose heartbeat passed with no screener holding its
-- rows (monitoring/jobs.ts), instead of waiting 2 minutes from the run's start
-- (docs/decisions/faults.md#the-process-killed). Null: started before 0070, timed from started_at.
ALTER TABLE monitoring_runs ADD COLUMN heartbeat_at TEXT;
