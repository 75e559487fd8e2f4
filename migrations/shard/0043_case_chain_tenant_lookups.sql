-- The AML case history chain check's two head lookups (max(sequence) and the head's hash) said
-- `WHERE case_id = NEW.case_id` only, so they could not use aml_case_history_seq_uq
-- (tenant_id, case_id, sequence): every new entry scanned and sorted the shard's whole history
-- (0.7-5 ms per lookup at 8,000 entries, docs/performance.md#monitoring-on-arrival-at-full-size).
-- With `tenant_id = NEW.tenant_id` they are index seeks. A case id is unique across the shard,
-- so the rows found are the same. One term is added: an entry whose tenant is not its case's is
-- refused (a primary-key lookup), so scoping the lookups cannot let such an entry start a second
-- chain at sequence 1 on another tenant's case. The trigger is otherwise the 0041 trigger, body
-- and message unchanged.
--
-- aml_cases_projection_only, which every history entry's projection fires, had the same
-- omission (`h.case_id = NEW.id`): re-created with `h.tenant_id = OLD.tenant_id` (the case's
-- tenant, which aml_cases_immutable keeps), otherwise unchanged. The other case-log triggers
-- (aml_case_history_no_update/no_delete/project, fraud_case_events_*, fraud_cases_*) only guard
-- or update by primary key and look nothing up by case.

DROP TRIGGER aml_case_history_chain;

CREATE TRIGGER aml_case_history_chain BEFORE INSERT ON aml_case_history
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = NEW.tenant_id AND p.kind IN ('move_in', 'purge')) AND (NEW.sequence <> coalesce((SELECT max(sequence) FROM aml_case_history WHERE tenant_id = NEW.tenant_id AND case_id = NEW.case_id), 0) + 1
  OR NEW.previous_hash <> coalesce(
    (SELECT hash FROM aml_case_history WHERE tenant_id = NEW.tenant_id AND case_id = NEW.case_id ORDER BY sequence DESC LIMIT 1),
    '0000000000000000000000000000000000000000000000000000000000000000')
  OR NEW.tenant_id IS NOT (SELECT tenant_id FROM aml_cases WHERE id = NEW.case_id)
  OR (NEW.sequence > 1 AND NEW.from_status IS NOT (SELECT status FROM aml_cases WHERE id = NEW.case_id))
  -- Only a transition moves the status; every other entry leaves it where it is.
  OR (NEW.sequence > 1 AND NEW.event_type <> 'transitioned' AND NEW.to_status IS NOT NEW.from_status)
)
BEGIN SELECT RAISE(ABORT, 'aml_case_history entry does not follow the head of its chain'); END;

DROP TRIGGER aml_cases_projection_only;

CREATE TRIGGER aml_cases_projection_only BEFORE UPDATE OF status, last_event_at, event_count ON aml_cases
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge')) AND (NOT EXISTS (
  SELECT 1 FROM aml_case_history h
  WHERE h.tenant_id = OLD.tenant_id AND h.case_id = NEW.id AND h.sequence = NEW.event_count AND h.to_status = NEW.status
    AND h.created_at = NEW.last_event_at
)
)
BEGIN SELECT RAISE(ABORT, 'aml case status changes only by appending history'); END;
