-- One permit table for the shard's append-only guards and derived-row triggers
-- (docs/decisions/tenant-moves.md, docs/decisions/offboarding-and-erasure.md). 0039 added
-- tenant_bulk_writes for tenant moves and 0040 maintenance_permits for offboarding and erasure;
-- every trigger honoured both. Here they become one table, maintenance_permits (tenant_id, kind).
--
-- What a kind lets through, for that tenant on that shard only:
-- - 'move_in', 'purge': everything. The guards and the derived-row triggers (bhi.calculated
--   events, bhi_latest, monitoring_pending, the AML chain check and projection) stand aside, so
--   rows are written exactly as they are elsewhere and append-only rows may be deleted.
-- - 'erasure': UPDATE of append-only rows, never of a row's identity, order, type, time or hash
--   columns (each trigger lists its own); no DELETE, and the derived-row triggers still run.
-- The customer search index and data_row_counts follow every write, as before.
--
-- Two lifetimes:
-- - A tenant move holds 'move_in' on its target (from its first page until just before the
--   switch) and 'purge' on the old shard (after the switch, until the old copy is gone), across
--   many queue messages. Only ever on a shard where the tenant is not live.
-- - Offboarding ('purge') and erasure ('erasure') insert the permit, write, and delete it in ONE
--   db.batch (one transaction): nobody else ever sees it. They work on the tenant's live shard,
--   where no move permit exists; were one ever there, the batch's INSERT would fail on the
--   primary key and the batch write nothing (rather than one job removing the other's permit).
--
-- Every trigger below is the 0040 (or 0039) trigger with the same body and message; only its
-- WHEN reads the one table. A guard's condition keeps its form: "refused unless a permit covers
-- it", where 'move_in' and 'purge' cover anything and 'erasure' covers an UPDATE that leaves the
-- listed columns as they are. (Offboarding's purge now also covers the guards and derivations of
-- INSERT and UPDATE; its batch only deletes, and no DELETE on a shard fires one of them.)

-- Every trigger that names either old table goes first: a table its triggers still name is
-- neither dropped nor renamed cleanly.
DROP TRIGGER aml_case_history_chain;
DROP TRIGGER aml_case_history_no_delete;
DROP TRIGGER aml_case_history_no_update;
DROP TRIGGER aml_case_history_project;
DROP TRIGGER aml_cases_immutable;
DROP TRIGGER aml_cases_no_delete;
DROP TRIGGER aml_cases_projection_only;
DROP TRIGGER bhi_records_append_only;
DROP TRIGGER bhi_records_calculated_event;
DROP TRIGGER bhi_records_move_latest;
DROP TRIGGER bhi_records_no_delete;
DROP TRIGGER fraud_case_events_no_delete;
DROP TRIGGER fraud_case_events_no_update;
DROP TRIGGER fraud_cases_no_delete;
DROP TRIGGER fraud_cases_no_update;
DROP TRIGGER goaml_report_history_no_delete;
DROP TRIGGER goaml_report_history_no_update;
DROP TRIGGER list_history_no_delete;
DROP TRIGGER list_history_no_update;
DROP TRIGGER rule_set_publications_no_delete;
DROP TRIGGER rule_set_publications_no_update;
DROP TRIGGER rule_set_versions_no_delete;
DROP TRIGGER rule_set_versions_no_update;
DROP TRIGGER sme_assessments_no_delete;
DROP TRIGGER sme_assessments_no_update;
DROP TRIGGER sme_benchmark_snapshots_no_delete;
DROP TRIGGER sme_benchmark_snapshots_no_update;
DROP TRIGGER tenant_audit_log_no_delete;
DROP TRIGGER tenant_audit_log_no_update;
DROP TRIGGER transactions_monitoring_ai;
DROP TRIGGER transactions_monitoring_au;
DROP TRIGGER webhook_delivery_attempts_no_delete;
DROP TRIGGER webhook_delivery_attempts_no_update;
DROP TRIGGER workflow_runs_no_delete;
DROP TRIGGER workflow_runs_terminal_immutable;

CREATE TABLE maintenance_permits_next (
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('move_in', 'purge', 'erasure')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (tenant_id, kind)
) WITHOUT ROWID;
-- A move in flight keeps its marker (a batch permit is never seen outside its batch, so the old
-- maintenance_permits is empty; copied all the same).
INSERT OR IGNORE INTO maintenance_permits_next (tenant_id, kind, created_at)
  SELECT tenant_id, purpose, created_at FROM tenant_bulk_writes;
INSERT OR IGNORE INTO maintenance_permits_next (tenant_id, kind) SELECT tenant_id, kind FROM maintenance_permits;
DROP TABLE tenant_bulk_writes;
DROP TABLE maintenance_permits;
ALTER TABLE maintenance_permits_next RENAME TO maintenance_permits;

-- The same triggers, bodies and messages unchanged, their bypass read from the one table.

CREATE TRIGGER aml_case_history_chain BEFORE INSERT ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = NEW.tenant_id AND p.kind IN ('move_in', 'purge')) AND (NEW.sequence <> coalesce((SELECT max(sequence) FROM aml_case_history WHERE case_id = NEW.case_id), 0) + 1
  OR NEW.previous_hash <> coalesce(
    (SELECT hash FROM aml_case_history WHERE case_id = NEW.case_id ORDER BY sequence DESC LIMIT 1),
    '0000000000000000000000000000000000000000000000000000000000000000')
  OR (NEW.sequence > 1 AND NEW.from_status IS NOT (SELECT status FROM aml_cases WHERE id = NEW.case_id))
  -- Only a transition moves the status; every other entry leaves it where it is.
  OR (NEW.sequence > 1 AND NEW.event_type <> 'transitioned' AND NEW.to_status IS NOT NEW.from_status)
)
BEGIN SELECT RAISE(ABORT, 'aml_case_history entry does not follow the head of its chain'); END;

CREATE TRIGGER aml_case_history_no_delete BEFORE DELETE ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'aml_case_history is append-only'); END;

CREATE TRIGGER aml_case_history_no_update BEFORE UPDATE ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.case_id IS NOT OLD.case_id OR NEW.sequence IS NOT OLD.sequence OR NEW.event_type IS NOT OLD.event_type OR NEW.from_status IS NOT OLD.from_status OR NEW.to_status IS NOT OLD.to_status OR NEW.created_at IS NOT OLD.created_at OR NEW.previous_hash IS NOT OLD.previous_hash OR NEW.hash IS NOT OLD.hash))
))
BEGIN SELECT RAISE(ABORT, 'aml_case_history is append-only'); END;

CREATE TRIGGER aml_case_history_project AFTER INSERT ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = NEW.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN
  UPDATE aml_cases SET status = NEW.to_status, last_event_at = NEW.created_at, event_count = NEW.sequence
  WHERE id = NEW.case_id;
END;

CREATE TRIGGER aml_cases_immutable BEFORE UPDATE ON aml_cases
WHEN (NEW.rule_name IS NOT OLD.rule_name OR NEW.evidence IS NOT OLD.evidence
    OR NEW.explanation IS NOT OLD.explanation OR NEW.redacted_at IS NOT OLD.redacted_at
    OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.rule_id IS NOT OLD.rule_id
    OR NEW.case_type IS NOT OLD.case_type
    OR NEW.entity_type IS NOT OLD.entity_type OR NEW.entity_id IS NOT OLD.entity_id
    OR NEW.risk_level IS NOT OLD.risk_level OR NEW.correlation_id IS NOT OLD.correlation_id
    OR NEW.window_days IS NOT OLD.window_days OR NEW.window_start IS NOT OLD.window_start
    OR NEW.window_end IS NOT OLD.window_end OR NEW.created_at IS NOT OLD.created_at)
  AND NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.rule_id IS NOT OLD.rule_id
    OR NEW.case_type IS NOT OLD.case_type
    OR NEW.entity_type IS NOT OLD.entity_type OR NEW.entity_id IS NOT OLD.entity_id
    OR NEW.risk_level IS NOT OLD.risk_level OR NEW.correlation_id IS NOT OLD.correlation_id
    OR NEW.window_days IS NOT OLD.window_days OR NEW.window_start IS NOT OLD.window_start
    OR NEW.window_end IS NOT OLD.window_end OR NEW.created_at IS NOT OLD.created_at))
))
BEGIN SELECT RAISE(ABORT, 'aml_cases rows are immutable except for their history projection'); END;

CREATE TRIGGER aml_cases_no_delete BEFORE DELETE ON aml_cases
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'aml_cases rows are never deleted'); END;

CREATE TRIGGER aml_cases_projection_only BEFORE UPDATE OF status, last_event_at, event_count ON aml_cases
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge')) AND (NOT EXISTS (
  SELECT 1 FROM aml_case_history h
  WHERE h.case_id = NEW.id AND h.sequence = NEW.event_count AND h.to_status = NEW.status
    AND h.created_at = NEW.last_event_at
)
)
BEGIN SELECT RAISE(ABORT, 'aml case status changes only by appending history'); END;

CREATE TRIGGER bhi_records_append_only BEFORE UPDATE ON bhi_records
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id))
))
BEGIN SELECT RAISE(ABORT, 'bhi_records are append-only'); END;

CREATE TRIGGER bhi_records_calculated_event AFTER INSERT ON bhi_records
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = NEW.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN
  INSERT INTO events (id, tenant_id, type, data, created_at, dispatched_at)
  VALUES (
    lower(
      substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 1, 8) || '-'
      || substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 9, 4) || '-7'
      || substr(hex(randomblob(2)), 2) || '-'
      || substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
    NEW.tenant_id, 'bhi.calculated',
    json_object('customerId', NEW.customer_id, 'bhiOverall', NEW.bhi_overall, 'bhiBand', NEW.bhi_band,
      'trend', NEW.trend, 'alerts', json(NEW.alerts)),
    NEW.created_at, NULL);
END;

CREATE TRIGGER bhi_records_move_latest AFTER INSERT ON bhi_records
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = NEW.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN
  INSERT INTO bhi_latest (tenant_id, customer_id, record_id, version, bhi_overall, bhi_band, trend, alert_count, recent_scores, created_at)
  VALUES (NEW.tenant_id, NEW.customer_id, NEW.id, NEW.version, NEW.bhi_overall, NEW.bhi_band, NEW.trend,
    NEW.alert_count, NEW.recent_scores, NEW.created_at)
  ON CONFLICT (tenant_id, customer_id) DO UPDATE SET
    record_id = excluded.record_id, version = excluded.version, bhi_overall = excluded.bhi_overall,
    bhi_band = excluded.bhi_band, trend = excluded.trend, alert_count = excluded.alert_count,
    recent_scores = excluded.recent_scores, created_at = excluded.created_at
  WHERE excluded.version > bhi_latest.version;
END;

CREATE TRIGGER bhi_records_no_delete BEFORE DELETE ON bhi_records
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'bhi_records are append-only'); END;

CREATE TRIGGER fraud_case_events_no_delete BEFORE DELETE ON fraud_case_events
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are never deleted'); END;

CREATE TRIGGER fraud_case_events_no_update BEFORE UPDATE ON fraud_case_events
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.case_id IS NOT OLD.case_id OR NEW.event_sequence IS NOT OLD.event_sequence OR NEW.event_type IS NOT OLD.event_type OR NEW.created_at IS NOT OLD.created_at OR NEW.previous_hash IS NOT OLD.previous_hash OR NEW.hash IS NOT OLD.hash))
))
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are immutable'); END;

CREATE TRIGGER fraud_cases_no_delete BEFORE DELETE ON fraud_cases
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'fraud_cases is append-only: cases are never deleted'); END;

CREATE TRIGGER fraud_cases_no_update BEFORE UPDATE ON fraud_cases
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.alert_id IS NOT OLD.alert_id OR NEW.correlation_id IS NOT OLD.correlation_id OR NEW.entity_type IS NOT OLD.entity_type OR NEW.entity_id IS NOT OLD.entity_id OR NEW.created_at IS NOT OLD.created_at))
))
BEGIN SELECT RAISE(ABORT, 'fraud_cases is append-only: cases are immutable'); END;

CREATE TRIGGER goaml_report_history_no_delete BEFORE DELETE ON goaml_report_history
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'goaml_report_history is append-only'); END;

CREATE TRIGGER goaml_report_history_no_update BEFORE UPDATE ON goaml_report_history
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id))
))
BEGIN SELECT RAISE(ABORT, 'goaml_report_history is append-only'); END;

CREATE TRIGGER list_history_no_delete BEFORE DELETE ON list_history
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'list_history is append-only'); END;

CREATE TRIGGER list_history_no_update BEFORE UPDATE ON list_history
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id))
))
BEGIN SELECT RAISE(ABORT, 'list_history is append-only'); END;

CREATE TRIGGER rule_set_publications_no_delete BEFORE DELETE ON rule_set_publications
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'rule_set_publications is append-only'); END;

CREATE TRIGGER rule_set_publications_no_update BEFORE UPDATE ON rule_set_publications
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.content_hash IS NOT OLD.content_hash))
))
BEGIN SELECT RAISE(ABORT, 'rule_set_publications is append-only'); END;

CREATE TRIGGER rule_set_versions_no_delete BEFORE DELETE ON rule_set_versions
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'rule_set_versions are immutable'); END;

CREATE TRIGGER rule_set_versions_no_update BEFORE UPDATE ON rule_set_versions
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.content_hash IS NOT OLD.content_hash))
))
BEGIN SELECT RAISE(ABORT, 'rule_set_versions are immutable'); END;

CREATE TRIGGER sme_assessments_no_delete BEFORE DELETE ON sme_assessments
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'sme_assessments are append-only'); END;

CREATE TRIGGER sme_assessments_no_update BEFORE UPDATE ON sme_assessments
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id))
))
BEGIN SELECT RAISE(ABORT, 'sme_assessments are append-only'); END;

CREATE TRIGGER sme_benchmark_snapshots_no_delete BEFORE DELETE ON sme_benchmark_snapshots
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'sme_benchmark_snapshots are append-only'); END;

CREATE TRIGGER sme_benchmark_snapshots_no_update BEFORE UPDATE ON sme_benchmark_snapshots
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id))
))
BEGIN SELECT RAISE(ABORT, 'sme_benchmark_snapshots are append-only'); END;

CREATE TRIGGER tenant_audit_log_no_delete BEFORE DELETE ON tenant_audit_log
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'tenant_audit_log is append-only'); END;

CREATE TRIGGER tenant_audit_log_no_update BEFORE UPDATE ON tenant_audit_log
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id))
))
BEGIN SELECT RAISE(ABORT, 'tenant_audit_log is append-only'); END;

CREATE TRIGGER transactions_monitoring_ai AFTER INSERT ON transactions
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = NEW.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN
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

CREATE TRIGGER transactions_monitoring_au AFTER UPDATE OF
  customer_id, account_id, agent_id, external_id, external_source, type, category, amount_minor, currency,
  description, status, transaction_date, merchant_name, balance_after_minor, channel, counterparty_name,
  counterparty_account, counterparty_country
ON transactions
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN
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

CREATE TRIGGER webhook_delivery_attempts_no_delete BEFORE DELETE ON webhook_delivery_attempts
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'webhook delivery attempts are append-only'); END;

CREATE TRIGGER webhook_delivery_attempts_no_update BEFORE UPDATE ON webhook_delivery_attempts
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id))
))
BEGIN SELECT RAISE(ABORT, 'webhook delivery attempts are append-only'); END;

CREATE TRIGGER workflow_runs_no_delete BEFORE DELETE ON workflow_runs
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'workflow runs are append-only'); END;

CREATE TRIGGER workflow_runs_terminal_immutable BEFORE UPDATE ON workflow_runs
WHEN OLD.status IN ('succeeded', 'failed') AND NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND (
  p.kind IN ('move_in', 'purge')
  OR (p.kind = 'erasure' AND NOT (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.status IS NOT OLD.status))
))
BEGIN SELECT RAISE(ABORT, 'workflow run is finished'); END;
