-- KYC/AML: tenant threshold overrides, AML cases, and their append-only, hash-chained history.

CREATE TABLE aml_thresholds (
  tenant_id TEXT PRIMARY KEY NOT NULL,
  -- JSON object name -> number: only the tenant's overrides; defaults live in code.
  thresholds TEXT NOT NULL DEFAULT '{}',
  updated_at TEXT NOT NULL
);

CREATE TABLE aml_cases (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  rule_id TEXT NOT NULL,
  rule_name TEXT NOT NULL,
  case_type TEXT NOT NULL,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  risk_level TEXT NOT NULL,
  -- Projection of the history (kept by the trigger below), never set by hand.
  status TEXT NOT NULL DEFAULT 'open',
  evidence TEXT NOT NULL DEFAULT '[]',
  explanation TEXT NOT NULL,
  correlation_id TEXT NOT NULL,
  window_days INTEGER NOT NULL,
  window_start TEXT NOT NULL,
  window_end TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_event_at TEXT NOT NULL,
  event_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX aml_cases_list_idx ON aml_cases (tenant_id, created_at DESC, id DESC);
CREATE INDEX aml_cases_status_idx ON aml_cases (tenant_id, status, created_at DESC, id DESC);
CREATE INDEX aml_cases_entity_idx ON aml_cases (tenant_id, entity_type, entity_id, created_at DESC, id DESC);
CREATE INDEX aml_cases_rule_idx ON aml_cases (tenant_id, rule_id, created_at DESC, id DESC);
-- At most one non-closed case per rule and entity, even under concurrent evaluations.
CREATE UNIQUE INDEX aml_cases_open_uq ON aml_cases (tenant_id, rule_id, entity_type, entity_id)
  WHERE status NOT IN ('closed_false_positive', 'closed_no_action', 'closed_reported');

CREATE TRIGGER aml_cases_no_delete BEFORE DELETE ON aml_cases
BEGIN SELECT RAISE(ABORT, 'aml_cases rows are never deleted'); END;

-- Only the projection columns may change, and only to what the history says.
CREATE TRIGGER aml_cases_immutable BEFORE UPDATE ON aml_cases
WHEN NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.rule_id IS NOT OLD.rule_id
  OR NEW.rule_name IS NOT OLD.rule_name OR NEW.case_type IS NOT OLD.case_type
  OR NEW.entity_type IS NOT OLD.entity_type OR NEW.entity_id IS NOT OLD.entity_id
  OR NEW.risk_level IS NOT OLD.risk_level OR NEW.evidence IS NOT OLD.evidence
  OR NEW.explanation IS NOT OLD.explanation OR NEW.correlation_id IS NOT OLD.correlation_id
  OR NEW.window_days IS NOT OLD.window_days OR NEW.window_start IS NOT OLD.window_start
  OR NEW.window_end IS NOT OLD.window_end OR NEW.created_at IS NOT OLD.created_at
BEGIN SELECT RAISE(ABORT, 'aml_cases rows are immutable except for their history projection'); END;

CREATE TRIGGER aml_cases_projection_only BEFORE UPDATE OF status, last_event_at, event_count ON aml_cases
WHEN NOT EXISTS (
  SELECT 1 FROM aml_case_history h
  WHERE h.case_id = NEW.id AND h.sequence = NEW.event_count AND h.to_status = NEW.status
    AND h.created_at = NEW.last_event_at
)
BEGIN SELECT RAISE(ABORT, 'aml case status changes only by appending history'); END;

CREATE TABLE aml_case_history (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  case_id TEXT NOT NULL REFERENCES aml_cases (id),
  sequence INTEGER NOT NULL,
  event_type TEXT NOT NULL CHECK (event_type IN ('created', 'transitioned')),
  from_status TEXT,
  to_status TEXT NOT NULL,
  actor_type TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  actor_name TEXT,
  note TEXT,
  created_at TEXT NOT NULL,
  previous_hash TEXT NOT NULL,
  hash TEXT NOT NULL
);
CREATE UNIQUE INDEX aml_case_history_seq_uq ON aml_case_history (tenant_id, case_id, sequence);

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
BEGIN SELECT RAISE(ABORT, 'aml_case_history entry does not follow the head of its chain'); END;

-- Keep the case's status projection in step with its history.
CREATE TRIGGER aml_case_history_project AFTER INSERT ON aml_case_history
BEGIN
  UPDATE aml_cases SET status = NEW.to_status, last_event_at = NEW.created_at, event_count = NEW.sequence
  WHERE id = NEW.case_id;
END;

-- AML evaluates merchants and counterparties by what transactions name; without an index,
-- evaluating one of them scans the tenant's whole window. Merchants use
-- transactions_merchant_idx from 0004_fraud.sql; counterparties need their own.
CREATE INDEX transactions_counterparty_idx
  ON transactions (tenant_id, coalesce(counterparty_account, counterparty_name), transaction_date)
  WHERE coalesce(counterparty_account, counterparty_name) IS NOT NULL;
