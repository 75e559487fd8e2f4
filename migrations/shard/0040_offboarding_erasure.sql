-- Offboarding and erasure (docs/decisions/offboarding-and-erasure.md). The append-only tables
-- refuse DELETE and UPDATE; two maintenance jobs must do both for one tenant: deleting an
-- offboarded tenant (kind 'purge') and redacting an erased customer's personal fields (kind
-- 'erasure'). A job inserts its permit, writes, and deletes the permit in ONE db.batch (one
-- transaction), so a permit is never visible outside that batch. Under an erasure permit an
-- UPDATE still may not touch a row's identity, order or hashes (the case chains keep their
-- stored hashes; verification treats redacted entries as docs/decisions says).
-- Generated once by hand-run script; each trigger keeps its message, and the tenant-move
-- bypass of 0039 (tenant_bulk_writes: a tenant's rows on a shard where it is not live).
CREATE TABLE maintenance_permits (
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('purge', 'erasure')),
  PRIMARY KEY (tenant_id, kind)
) WITHOUT ROWID;

-- Case-log rows an erasure redacted carry the time: the verifier keeps their stored hash (it
-- can no longer be recomputed from the redacted content). Not covered by any hash.
ALTER TABLE fraud_cases ADD COLUMN redacted_at TEXT;
ALTER TABLE fraud_case_events ADD COLUMN redacted_at TEXT;
ALTER TABLE aml_cases ADD COLUMN redacted_at TEXT;
ALTER TABLE aml_case_history ADD COLUMN redacted_at TEXT;

-- A data-subject erasure: a queue job that walks the tenant's tables page by page.
CREATE TABLE customer_erasures (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'completed')),
  step INTEGER NOT NULL DEFAULT 0,
  table_index INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  -- The subject's values searched for (JSON); set to NULL when the erasure completes.
  search_values TEXT,
  rows_redacted INTEGER NOT NULL DEFAULT 0,
  objects_deleted INTEGER NOT NULL DEFAULT 0,
  requested_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX customer_erasures_customer_idx ON customer_erasures (tenant_id, customer_id);

DROP TRIGGER bhi_records_no_delete;
CREATE TRIGGER bhi_records_no_delete BEFORE DELETE ON bhi_records
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'bhi_records are append-only'); END;
DROP TRIGGER fraud_cases_no_delete;
CREATE TRIGGER fraud_cases_no_delete BEFORE DELETE ON fraud_cases
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'fraud_cases is append-only: cases are never deleted'); END;
DROP TRIGGER fraud_case_events_no_delete;
CREATE TRIGGER fraud_case_events_no_delete BEFORE DELETE ON fraud_case_events
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are never deleted'); END;
DROP TRIGGER aml_cases_no_delete;
CREATE TRIGGER aml_cases_no_delete BEFORE DELETE ON aml_cases
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'aml_cases rows are never deleted'); END;
DROP TRIGGER aml_case_history_no_delete;
CREATE TRIGGER aml_case_history_no_delete BEFORE DELETE ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'aml_case_history is append-only'); END;
DROP TRIGGER webhook_delivery_attempts_no_delete;
CREATE TRIGGER webhook_delivery_attempts_no_delete BEFORE DELETE ON webhook_delivery_attempts
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'webhook delivery attempts are append-only'); END;
DROP TRIGGER sme_assessments_no_delete;
CREATE TRIGGER sme_assessments_no_delete BEFORE DELETE ON sme_assessments
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'sme_assessments are append-only'); END;
DROP TRIGGER sme_benchmark_snapshots_no_delete;
CREATE TRIGGER sme_benchmark_snapshots_no_delete BEFORE DELETE ON sme_benchmark_snapshots
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'sme_benchmark_snapshots are append-only'); END;
DROP TRIGGER workflow_runs_no_delete;
CREATE TRIGGER workflow_runs_no_delete BEFORE DELETE ON workflow_runs
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'workflow runs are append-only'); END;
DROP TRIGGER tenant_audit_log_no_delete;
CREATE TRIGGER tenant_audit_log_no_delete BEFORE DELETE ON tenant_audit_log
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'tenant_audit_log is append-only'); END;
DROP TRIGGER rule_set_versions_no_delete;
CREATE TRIGGER rule_set_versions_no_delete BEFORE DELETE ON rule_set_versions
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'rule_set_versions are immutable'); END;
DROP TRIGGER rule_set_publications_no_delete;
CREATE TRIGGER rule_set_publications_no_delete BEFORE DELETE ON rule_set_publications
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'rule_set_publications is append-only'); END;
DROP TRIGGER list_history_no_delete;
CREATE TRIGGER list_history_no_delete BEFORE DELETE ON list_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'list_history is append-only'); END;
DROP TRIGGER goaml_report_history_no_delete;
CREATE TRIGGER goaml_report_history_no_delete BEFORE DELETE ON goaml_report_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'purge')
)
BEGIN SELECT RAISE(ABORT, 'goaml_report_history is append-only'); END;

DROP TRIGGER bhi_records_append_only;
CREATE TRIGGER bhi_records_append_only BEFORE UPDATE ON bhi_records
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id
)
BEGIN SELECT RAISE(ABORT, 'bhi_records are append-only'); END;
DROP TRIGGER fraud_cases_no_update;
CREATE TRIGGER fraud_cases_no_update BEFORE UPDATE ON fraud_cases
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.alert_id IS NOT OLD.alert_id OR NEW.correlation_id IS NOT OLD.correlation_id OR NEW.entity_type IS NOT OLD.entity_type OR NEW.entity_id IS NOT OLD.entity_id OR NEW.created_at IS NOT OLD.created_at
)
BEGIN SELECT RAISE(ABORT, 'fraud_cases is append-only: cases are immutable'); END;
DROP TRIGGER fraud_case_events_no_update;
CREATE TRIGGER fraud_case_events_no_update BEFORE UPDATE ON fraud_case_events
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.case_id IS NOT OLD.case_id OR NEW.event_sequence IS NOT OLD.event_sequence OR NEW.event_type IS NOT OLD.event_type OR NEW.created_at IS NOT OLD.created_at OR NEW.previous_hash IS NOT OLD.previous_hash OR NEW.hash IS NOT OLD.hash
)
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are immutable'); END;
DROP TRIGGER aml_case_history_no_update;
CREATE TRIGGER aml_case_history_no_update BEFORE UPDATE ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.case_id IS NOT OLD.case_id OR NEW.sequence IS NOT OLD.sequence OR NEW.event_type IS NOT OLD.event_type OR NEW.from_status IS NOT OLD.from_status OR NEW.to_status IS NOT OLD.to_status OR NEW.created_at IS NOT OLD.created_at OR NEW.previous_hash IS NOT OLD.previous_hash OR NEW.hash IS NOT OLD.hash
)
BEGIN SELECT RAISE(ABORT, 'aml_case_history is append-only'); END;
DROP TRIGGER webhook_delivery_attempts_no_update;
CREATE TRIGGER webhook_delivery_attempts_no_update BEFORE UPDATE ON webhook_delivery_attempts
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id
)
BEGIN SELECT RAISE(ABORT, 'webhook delivery attempts are append-only'); END;
DROP TRIGGER sme_assessments_no_update;
CREATE TRIGGER sme_assessments_no_update BEFORE UPDATE ON sme_assessments
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id
)
BEGIN SELECT RAISE(ABORT, 'sme_assessments are append-only'); END;
DROP TRIGGER sme_benchmark_snapshots_no_update;
CREATE TRIGGER sme_benchmark_snapshots_no_update BEFORE UPDATE ON sme_benchmark_snapshots
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id
)
BEGIN SELECT RAISE(ABORT, 'sme_benchmark_snapshots are append-only'); END;
DROP TRIGGER tenant_audit_log_no_update;
CREATE TRIGGER tenant_audit_log_no_update BEFORE UPDATE ON tenant_audit_log
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id
)
BEGIN SELECT RAISE(ABORT, 'tenant_audit_log is append-only'); END;
DROP TRIGGER rule_set_versions_no_update;
CREATE TRIGGER rule_set_versions_no_update BEFORE UPDATE ON rule_set_versions
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.content_hash IS NOT OLD.content_hash
)
BEGIN SELECT RAISE(ABORT, 'rule_set_versions are immutable'); END;
DROP TRIGGER rule_set_publications_no_update;
CREATE TRIGGER rule_set_publications_no_update BEFORE UPDATE ON rule_set_publications
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.content_hash IS NOT OLD.content_hash
)
BEGIN SELECT RAISE(ABORT, 'rule_set_publications is append-only'); END;
DROP TRIGGER list_history_no_update;
CREATE TRIGGER list_history_no_update BEFORE UPDATE ON list_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id
)
BEGIN SELECT RAISE(ABORT, 'list_history is append-only'); END;
DROP TRIGGER goaml_report_history_no_update;
CREATE TRIGGER goaml_report_history_no_update BEFORE UPDATE ON goaml_report_history
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id
)
BEGIN SELECT RAISE(ABORT, 'goaml_report_history is append-only'); END;

DROP TRIGGER workflow_runs_terminal_immutable;
CREATE TRIGGER workflow_runs_terminal_immutable BEFORE UPDATE ON workflow_runs
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  OLD.status IN ('succeeded', 'failed') AND (NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure')
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.status IS NOT OLD.status)
)
BEGIN SELECT RAISE(ABORT, 'workflow run is finished'); END;

DROP TRIGGER aml_cases_immutable;
CREATE TRIGGER aml_cases_immutable BEFORE UPDATE ON aml_cases
WHEN NOT EXISTS (SELECT 1 FROM tenant_bulk_writes b WHERE b.tenant_id = OLD.tenant_id) AND (
  (NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind = 'erasure') AND (NEW.rule_name IS NOT OLD.rule_name OR NEW.evidence IS NOT OLD.evidence
    OR NEW.explanation IS NOT OLD.explanation OR NEW.redacted_at IS NOT OLD.redacted_at))
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.rule_id IS NOT OLD.rule_id
  OR NEW.case_type IS NOT OLD.case_type
  OR NEW.entity_type IS NOT OLD.entity_type OR NEW.entity_id IS NOT OLD.entity_id
  OR NEW.risk_level IS NOT OLD.risk_level OR NEW.correlation_id IS NOT OLD.correlation_id
  OR NEW.window_days IS NOT OLD.window_days OR NEW.window_start IS NOT OLD.window_start
  OR NEW.window_end IS NOT OLD.window_end OR NEW.created_at IS NOT OLD.created_at
)
BEGIN SELECT RAISE(ABORT, 'aml_cases rows are immutable except for their history projection'); END;
