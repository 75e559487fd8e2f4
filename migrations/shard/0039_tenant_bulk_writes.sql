-- Bulk writes of one tenant on a shard where it is not live (docs/decisions/tenant-moves.md):
-- a move copying it into its target shard ('move_in'), or the removal of its old copy after
-- the move switched it away ('purge'; offboarding can reuse it). While a tenant has a row
-- here, the shard's append-only guards and derived-row triggers stand aside for that tenant
-- only: the copy writes rows exactly as they are on the source (events, projections and
-- pending screenings included, so the triggers must not add their own), and the purge may
-- delete append-only rows. Never written for a tenant on its live shard: the move job adds
-- the row on the target before the first page and removes it before the switch, and adds the
-- purge row on the old shard only after the switch.
CREATE TABLE tenant_bulk_writes (
  tenant_id TEXT PRIMARY KEY NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('move_in', 'purge')),
  created_at TEXT NOT NULL
) WITHOUT ROWID;

-- Every trigger that refuses a change or derives rows, re-created with the same body and
-- `WHEN NOT EXISTS (... tenant_bulk_writes ...)` AND its old condition. Derivations that must
-- follow the copied rows stay as they were: the customer search index and data_row_counts.

DROP TRIGGER aml_case_history_chain;
CREATE TRIGGER aml_case_history_chain BEFORE INSERT ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = NEW.tenant_id) AND (NEW.sequence <> coalesce((SELECT max(sequence) FROM aml_case_history WHERE case_id = NEW.case_id), 0) + 1
  OR NEW.previous_hash <> coalesce(
    (SELECT hash FROM aml_case_history WHERE case_id = NEW.case_id ORDER BY sequence DESC LIMIT 1),
    '0000000000000000000000000000000000000000000000000000000000000000')
  OR (NEW.sequence > 1 AND NEW.from_status IS NOT (SELECT status FROM aml_cases WHERE id = NEW.case_id))
  -- Only a transition moves the status; every other entry leaves it where it is.
  OR (NEW.sequence > 1 AND NEW.event_type <> 'transitioned' AND NEW.to_status IS NOT NEW.from_status)
)
BEGIN SELECT RAISE(ABORT, 'aml_case_history entry does not follow the head of its chain'); END;

DROP TRIGGER aml_case_history_no_delete;
CREATE TRIGGER aml_case_history_no_delete BEFORE DELETE ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN SELECT RAISE(ABORT, 'aml_case_history is append-only'); END;

DROP TRIGGER aml_case_history_no_update;
CREATE TRIGGER aml_case_history_no_update BEFORE UPDATE ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN SELECT RAISE(ABORT, 'aml_case_history is append-only'); END;

DROP TRIGGER aml_case_history_project;
CREATE TRIGGER aml_case_history_project AFTER INSERT ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = NEW.tenant_id)
BEGIN
  UPDATE aml_cases SET status = NEW.to_status, last_event_at = NEW.created_at, event_count = NEW.sequence
  WHERE id = NEW.case_id;
END;

DROP TRIGGER aml_cases_immutable;
CREATE TRIGGER aml_cases_immutable BEFORE UPDATE ON aml_cases
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id) AND (NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.rule_id IS NOT OLD.rule_id
  OR NEW.rule_name IS NOT OLD.rule_name OR NEW.case_type IS NOT OLD.case_type
  OR NEW.entity_type IS NOT OLD.entity_type OR NEW.entity_id IS NOT OLD.entity_id
  OR NEW.risk_level IS NOT OLD.risk_level OR NEW.evidence IS NOT OLD.evidence
  OR NEW.explanation IS NOT OLD.explanation OR NEW.correlation_id IS NOT OLD.correlation_id
  OR NEW.window_days IS NOT OLD.window_days OR NEW.window_start IS NOT OLD.window_start
  OR NEW.window_end IS NOT OLD.window_end OR NEW.created_at IS NOT OLD.created_at
)
BEGIN SELECT RAISE(ABORT, 'aml_cases rows are immutable except for their history projection'); END;

DROP TRIGGER aml_cases_no_delete;
CREATE TRIGGER aml_cases_no_delete BEFORE DELETE ON aml_cases
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN SELECT RAISE(ABORT, 'aml_cases rows are never deleted'); END;

DROP TRIGGER aml_cases_projection_only;
CREATE TRIGGER aml_cases_projection_only BEFORE UPDATE OF status, last_event_at, event_count ON aml_cases
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id) AND (NOT EXISTS (
  SELECT 1 FROM aml_case_history h
  WHERE h.case_id = NEW.id AND h.sequence = NEW.event_count AND h.to_status = NEW.status
    AND h.created_at = NEW.last_event_at
)
)
BEGIN SELECT RAISE(ABORT, 'aml case status changes only by appending history'); END;

DROP TRIGGER bhi_records_append_only;
CREATE TRIGGER bhi_records_append_only BEFORE UPDATE ON bhi_records
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'bhi_records are append-only');
END;

DROP TRIGGER bhi_records_calculated_event;
CREATE TRIGGER bhi_records_calculated_event AFTER INSERT ON bhi_records
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = NEW.tenant_id)
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

DROP TRIGGER bhi_records_move_latest;
CREATE TRIGGER bhi_records_move_latest AFTER INSERT ON bhi_records
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = NEW.tenant_id)
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

DROP TRIGGER bhi_records_no_delete;
CREATE TRIGGER bhi_records_no_delete BEFORE DELETE ON bhi_records
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'bhi_records are append-only');
END;

DROP TRIGGER fraud_case_events_no_delete;
CREATE TRIGGER fraud_case_events_no_delete BEFORE DELETE ON fraud_case_events
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are never deleted'); END;

DROP TRIGGER fraud_case_events_no_update;
CREATE TRIGGER fraud_case_events_no_update BEFORE UPDATE ON fraud_case_events
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are immutable'); END;

DROP TRIGGER fraud_cases_no_delete;
CREATE TRIGGER fraud_cases_no_delete BEFORE DELETE ON fraud_cases
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN SELECT RAISE(ABORT, 'fraud_cases is append-only: cases are never deleted'); END;

DROP TRIGGER fraud_cases_no_update;
CREATE TRIGGER fraud_cases_no_update BEFORE UPDATE ON fraud_cases
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN SELECT RAISE(ABORT, 'fraud_cases is append-only: cases are immutable'); END;

DROP TRIGGER goaml_report_history_no_delete;
CREATE TRIGGER goaml_report_history_no_delete BEFORE DELETE ON goaml_report_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN SELECT RAISE(ABORT, 'goaml_report_history is append-only'); END;

DROP TRIGGER goaml_report_history_no_update;
CREATE TRIGGER goaml_report_history_no_update BEFORE UPDATE ON goaml_report_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN SELECT RAISE(ABORT, 'goaml_report_history is append-only'); END;

DROP TRIGGER list_history_no_delete;
CREATE TRIGGER list_history_no_delete BEFORE DELETE ON list_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'list_history is append-only');
END;

DROP TRIGGER list_history_no_update;
CREATE TRIGGER list_history_no_update BEFORE UPDATE ON list_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'list_history is append-only');
END;

DROP TRIGGER rule_set_publications_no_delete;
CREATE TRIGGER rule_set_publications_no_delete BEFORE DELETE ON rule_set_publications
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'rule_set_publications is append-only');
END;

DROP TRIGGER rule_set_publications_no_update;
CREATE TRIGGER rule_set_publications_no_update BEFORE UPDATE ON rule_set_publications
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'rule_set_publications is append-only');
END;

DROP TRIGGER rule_set_versions_no_delete;
CREATE TRIGGER rule_set_versions_no_delete BEFORE DELETE ON rule_set_versions
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'rule_set_versions are immutable');
END;

DROP TRIGGER rule_set_versions_no_update;
CREATE TRIGGER rule_set_versions_no_update BEFORE UPDATE ON rule_set_versions
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'rule_set_versions are immutable');
END;

DROP TRIGGER sme_assessments_no_delete;
CREATE TRIGGER sme_assessments_no_delete BEFORE DELETE ON sme_assessments
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'sme_assessments are append-only');
END;

DROP TRIGGER sme_assessments_no_update;
CREATE TRIGGER sme_assessments_no_update BEFORE UPDATE ON sme_assessments
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'sme_assessments are append-only');
END;

DROP TRIGGER sme_benchmark_snapshots_no_delete;
CREATE TRIGGER sme_benchmark_snapshots_no_delete BEFORE DELETE ON sme_benchmark_snapshots
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'sme_benchmark_snapshots are append-only');
END;

DROP TRIGGER sme_benchmark_snapshots_no_update;
CREATE TRIGGER sme_benchmark_snapshots_no_update BEFORE UPDATE ON sme_benchmark_snapshots
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'sme_benchmark_snapshots are append-only');
END;

DROP TRIGGER tenant_audit_log_no_delete;
CREATE TRIGGER tenant_audit_log_no_delete BEFORE DELETE ON tenant_audit_log
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'tenant_audit_log is append-only');
END;

DROP TRIGGER tenant_audit_log_no_update;
CREATE TRIGGER tenant_audit_log_no_update BEFORE UPDATE ON tenant_audit_log
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'tenant_audit_log is append-only');
END;

DROP TRIGGER transactions_monitoring_ai;
CREATE TRIGGER transactions_monitoring_ai AFTER INSERT ON transactions
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = NEW.tenant_id)
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

DROP TRIGGER transactions_monitoring_au;
-- The column list of 0036: writing a transaction's flow is not new activity.
CREATE TRIGGER transactions_monitoring_au AFTER UPDATE OF
  customer_id, account_id, agent_id, external_id, external_source, type, category, amount_minor, currency,
  description, status, transaction_date, merchant_name, balance_after_minor, channel, counterparty_name,
  counterparty_account, counterparty_country
ON transactions
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
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

DROP TRIGGER webhook_delivery_attempts_no_delete;
CREATE TRIGGER webhook_delivery_attempts_no_delete BEFORE DELETE ON webhook_delivery_attempts
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'webhook delivery attempts are append-only');
END;

DROP TRIGGER webhook_delivery_attempts_no_update;
CREATE TRIGGER webhook_delivery_attempts_no_update BEFORE UPDATE ON webhook_delivery_attempts
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN
  SELECT RAISE(ABORT, 'webhook delivery attempts are append-only');
END;

DROP TRIGGER workflow_runs_no_delete;
CREATE TRIGGER workflow_runs_no_delete BEFORE DELETE ON workflow_runs
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id)
BEGIN SELECT RAISE(ABORT, 'workflow runs are append-only'); END;

DROP TRIGGER workflow_runs_terminal_immutable;
CREATE TRIGGER workflow_runs_terminal_immutable BEFORE UPDATE ON workflow_runs
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes WHERE tenant_id = OLD.tenant_id) AND (OLD.status IN ('succeeded', 'failed')
)
BEGIN SELECT RAISE(ABORT, 'workflow run is finished'); END;
