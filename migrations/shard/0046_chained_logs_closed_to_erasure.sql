-- Issue 35: an erasure never changes a chained log's stored bytes (docs/decisions/
-- offboarding-and-erasure.md). The erasure permit no longer opens the case logs: their UPDATE
-- guards stand aside for a move's or a purge's permit only, as tenant_audit_log's does (0045).
DROP TRIGGER fraud_case_events_no_update;
CREATE TRIGGER fraud_case_events_no_update BEFORE UPDATE ON fraud_case_events
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are immutable'); END;

DROP TRIGGER fraud_cases_no_update;
CREATE TRIGGER fraud_cases_no_update BEFORE UPDATE ON fraud_cases
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'fraud_cases is append-only: cases are immutable'); END;

DROP TRIGGER aml_case_history_no_update;
CREATE TRIGGER aml_case_history_no_update BEFORE UPDATE ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'aml_case_history is append-only'); END;

DROP TRIGGER aml_cases_immutable;
CREATE TRIGGER aml_cases_immutable BEFORE UPDATE ON aml_cases
WHEN (NEW.rule_name IS NOT OLD.rule_name OR NEW.evidence IS NOT OLD.evidence
    OR NEW.explanation IS NOT OLD.explanation OR NEW.redacted_at IS NOT OLD.redacted_at
    OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.rule_id IS NOT OLD.rule_id
    OR NEW.case_type IS NOT OLD.case_type
    OR NEW.entity_type IS NOT OLD.entity_type OR NEW.entity_id IS NOT OLD.entity_id
    OR NEW.risk_level IS NOT OLD.risk_level OR NEW.correlation_id IS NOT OLD.correlation_id
    OR NEW.window_days IS NOT OLD.window_days OR NEW.window_start IS NOT OLD.window_start
    OR NEW.window_end IS NOT OLD.window_end OR NEW.created_at IS NOT OLD.created_at)
  AND NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'aml_cases rows are immutable except for their history projection'); END;
