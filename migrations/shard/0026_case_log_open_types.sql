-- Issue 16: AML cases take the analyst's work in their history (assignment, notes, evidence,
-- tags, links, SLA breaches, report filings), so the set of entry types grows with features.
-- The event_type CHECK goes (the code's HISTORY_EVENT_TYPES is the list, and each entry's type
-- is covered by its hash); the rule that only `transitioned` moves the status stays in the
-- chain trigger. Same rebuild as 0025.
-- This trigger on aml_cases reads aml_case_history: dropped first, recreated as it was.
DROP TRIGGER aml_cases_projection_only;
CREATE TABLE aml_case_history_next (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  case_id TEXT NOT NULL REFERENCES aml_cases (id),
  sequence INTEGER NOT NULL,
  event_type TEXT NOT NULL,
  from_status TEXT,
  to_status TEXT NOT NULL,
  actor_type TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  actor_name TEXT,
  note TEXT,
  created_at TEXT NOT NULL,
  previous_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  actor_key_id TEXT
);
INSERT INTO aml_case_history_next (id, tenant_id, case_id, sequence, event_type, from_status, to_status,
  actor_type, actor_id, actor_name, note, created_at, previous_hash, hash, actor_key_id)
SELECT id, tenant_id, case_id, sequence, event_type, from_status, to_status,
  actor_type, actor_id, actor_name, note, created_at, previous_hash, hash, actor_key_id
FROM aml_case_history;
DROP TABLE aml_case_history;
ALTER TABLE aml_case_history_next RENAME TO aml_case_history;
CREATE UNIQUE INDEX aml_case_history_seq_uq ON aml_case_history (tenant_id, case_id, sequence);

CREATE TRIGGER aml_cases_projection_only BEFORE UPDATE OF status, last_event_at, event_count ON aml_cases
WHEN NOT EXISTS (
  SELECT 1 FROM aml_case_history h
  WHERE h.case_id = NEW.id AND h.sequence = NEW.event_count AND h.to_status = NEW.status
    AND h.created_at = NEW.last_event_at
)
BEGIN SELECT RAISE(ABORT, 'aml case status changes only by appending history'); END;

CREATE TRIGGER aml_case_history_no_update BEFORE UPDATE ON aml_case_history
BEGIN SELECT RAISE(ABORT, 'aml_case_history is append-only'); END;
CREATE TRIGGER aml_case_history_no_delete BEFORE DELETE ON aml_case_history
BEGIN SELECT RAISE(ABORT, 'aml_case_history is append-only'); END;

-- The next entry must follow the head: gapless sequence, linked hash, from = current status.
CREATE TRIGGER aml_case_history_chain BEFORE INSERT ON aml_case_history
WHEN NEW.sequence <> coalesce((SELECT max(sequence) FROM aml_case_history WHERE case_id = NEW.case_id), 0) + 1
  OR NEW.previous_hash <> coalesce(
    (SELECT hash FROM aml_case_history WHERE case_id = NEW.case_id ORDER BY sequence DESC LIMIT 1),
    '0000000000000000000000000000000000000000000000000000000000000000')
  OR (NEW.sequence > 1 AND NEW.from_status IS NOT (SELECT status FROM aml_cases WHERE id = NEW.case_id))
  -- Only a transition moves the status; every other entry leaves it where it is.
  OR (NEW.sequence > 1 AND NEW.event_type <> 'transitioned' AND NEW.to_status IS NOT NEW.from_status)
BEGIN SELECT RAISE(ABORT, 'aml_case_history entry does not follow the head of its chain'); END;

-- Keep the case's status projection in step with its history.
CREATE TRIGGER aml_case_history_project AFTER INSERT ON aml_case_history
BEGIN
  UPDATE aml_cases SET status = NEW.to_status, last_event_at = NEW.created_at, event_count = NEW.sequence
  WHERE id = NEW.case_id;
END;
