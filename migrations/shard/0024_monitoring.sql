-- Issue 15: continuous monitoring (docs/methodology/monitoring.md).

-- Entities awaiting screening. One row per entity however many of its transactions arrived
-- (the debounce); `generation` grows with each arrival, so a screening removes the row only
-- when nothing arrived while it ran. Written by the triggers below, in the same statement as
-- the transaction itself: every write path (ingest, connector syncs, seeders) is covered and
-- a transaction cannot be stored without its entities being queued.
CREATE TABLE monitoring_pending (
  tenant_id TEXT NOT NULL,
  -- customer | account | agent | merchant | counterparty
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  first_seen_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  generation INTEGER NOT NULL DEFAULT 1,
  -- A screener's lease: rows claimed and not yet released; an expired lease may be reclaimed.
  claim_token TEXT,
  claimed_until TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  -- Set when the last attempt failed: dead-lettered (listed, never claimed again until a new
  -- arrival or a retry request).
  failed_at TEXT,
  PRIMARY KEY (tenant_id, entity_type, entity_id)
) WITHOUT ROWID;
CREATE INDEX monitoring_pending_queue_idx ON monitoring_pending (tenant_id, failed_at, first_seen_at);

-- A changed or new transaction queues its customer, account, agent, merchant and counterparty.
-- An unchanged replay is not rewritten by the upsert, so it fires nothing.
CREATE TRIGGER transactions_monitoring_ai AFTER INSERT ON transactions BEGIN
  INSERT INTO monitoring_pending (tenant_id, entity_type, entity_id, first_seen_at, last_seen_at)
  SELECT new.tenant_id, e.entity_type, e.entity_id,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (
    SELECT 'customer' AS entity_type, new.customer_id AS entity_id
    UNION ALL SELECT 'account', new.account_id
    UNION ALL SELECT 'agent', new.agent_id
    UNION ALL SELECT 'merchant', new.merchant_name
    UNION ALL SELECT 'counterparty', coalesce(new.counterparty_account, new.counterparty_name)
  ) AS e
  WHERE e.entity_id IS NOT NULL AND e.entity_id <> ''
  ON CONFLICT (tenant_id, entity_type, entity_id) DO UPDATE SET
    last_seen_at = excluded.last_seen_at, generation = generation + 1, failed_at = NULL, attempts = 0;
END;
CREATE TRIGGER transactions_monitoring_au AFTER UPDATE ON transactions BEGIN
  INSERT INTO monitoring_pending (tenant_id, entity_type, entity_id, first_seen_at, last_seen_at)
  SELECT new.tenant_id, e.entity_type, e.entity_id,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (
    SELECT 'customer' AS entity_type, new.customer_id AS entity_id
    UNION ALL SELECT 'account', new.account_id
    UNION ALL SELECT 'agent', new.agent_id
    UNION ALL SELECT 'merchant', new.merchant_name
    UNION ALL SELECT 'counterparty', coalesce(new.counterparty_account, new.counterparty_name)
  ) AS e
  WHERE e.entity_id IS NOT NULL AND e.entity_id <> ''
  ON CONFLICT (tenant_id, entity_type, entity_id) DO UPDATE SET
    last_seen_at = excluded.last_seen_at, generation = generation + 1, failed_at = NULL, attempts = 0;
END;

-- The last screening of each entity: what the schedule compares arrivals with, and what says
-- an ingested transaction's entity was screened after it.
CREATE TABLE monitoring_screenings (
  tenant_id TEXT NOT NULL,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  screened_at TEXT NOT NULL,
  -- arrival | schedule | on_demand
  trigger TEXT NOT NULL,
  fraud_version INTEGER,
  aml_version INTEGER,
  alerts INTEGER NOT NULL,
  screenings INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (tenant_id, entity_type, entity_id)
) WITHOUT ROWID;

-- Stored alerts: one per screening and kind with at least one rule fired.
CREATE TABLE monitoring_alerts (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  -- fraud | aml
  kind TEXT NOT NULL,
  -- arrival | schedule | on_demand | pre_transaction
  trigger TEXT NOT NULL,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  -- The highest severity (fraud) or risk level (AML) among the fired rules.
  severity TEXT NOT NULL,
  -- Fraud: the overall score (0..100); AML: null.
  score REAL,
  rule_ids TEXT NOT NULL,
  rule_set_version INTEGER NOT NULL,
  rule_set_hash TEXT NOT NULL,
  -- Groups the fraud and AML alerts of one screening.
  screening_id TEXT NOT NULL,
  -- The scheduled run that raised it; null otherwise.
  run_id TEXT,
  -- Cases opened for it or appended to: [{caseId, kind, action: opened | appended}].
  cases TEXT NOT NULL DEFAULT '[]',
  -- The evaluation as it was answered (FraudAlert, or the AML evaluation's triggered rules).
  detail TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX monitoring_alerts_list_idx ON monitoring_alerts (tenant_id, created_at, id);
CREATE INDEX monitoring_alerts_entity_idx ON monitoring_alerts (tenant_id, entity_type, entity_id, created_at, id);
CREATE INDEX monitoring_alerts_kind_idx ON monitoring_alerts (tenant_id, kind, created_at, id);

-- One row per fired rule of an alert: the rule filter of the alert list reads this index.
CREATE TABLE monitoring_alert_rules (
  tenant_id TEXT NOT NULL,
  alert_id TEXT NOT NULL,
  rule_id TEXT NOT NULL,
  severity TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (alert_id, rule_id)
) WITHOUT ROWID;
CREATE INDEX monitoring_alert_rules_rule_idx ON monitoring_alert_rules (tenant_id, rule_id, created_at, alert_id);

-- Scheduled (and manually started) portfolio runs with their figures.
CREATE TABLE monitoring_runs (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  -- schedule | manual
  trigger TEXT NOT NULL,
  -- The schedule occurrence (local date and hour) it ran for: once per occurrence.
  occurrence TEXT NOT NULL,
  -- running | completed | failed
  status TEXT NOT NULL,
  started_at TEXT NOT NULL,
  completed_at TEXT,
  entities_screened INTEGER NOT NULL DEFAULT 0,
  entities_skipped INTEGER NOT NULL DEFAULT 0,
  entities_failed INTEGER NOT NULL DEFAULT 0,
  alerts_raised INTEGER NOT NULL DEFAULT 0,
  cases_opened INTEGER NOT NULL DEFAULT 0,
  cases_appended INTEGER NOT NULL DEFAULT 0,
  steps INTEGER NOT NULL DEFAULT 0,
  duration_ms INTEGER,
  error TEXT
);
CREATE UNIQUE INDEX monitoring_runs_occurrence_uq ON monitoring_runs (tenant_id, occurrence);
CREATE INDEX monitoring_runs_list_idx ON monitoring_runs (tenant_id, started_at, id);
