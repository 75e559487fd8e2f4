-- Fraud cases (append-only). A case row and its events are immutable: the triggers below
-- refuse UPDATE and DELETE, so not even a bug or a console session can rewrite history.
-- currentStatus and lastEventAt are a projection of the events, kept in fraud_case_heads
-- (the only mutable fraud table, rebuildable from the events at any time).
CREATE TABLE fraud_cases (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  alert_id TEXT NOT NULL,
  correlation_id TEXT NOT NULL,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
  overall_score REAL NOT NULL CHECK (overall_score BETWEEN 0 AND 100),
  title TEXT NOT NULL,
  summary TEXT,
  triggered_signals TEXT NOT NULL DEFAULT '[]',
  explainability TEXT NOT NULL DEFAULT '{}',
  window_days INTEGER NOT NULL,
  window_start TEXT,
  window_end TEXT,
  disclaimer TEXT NOT NULL,
  metadata TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX fraud_cases_alert_uq ON fraud_cases (tenant_id, alert_id);
CREATE INDEX fraud_cases_list_idx ON fraud_cases (tenant_id, created_at DESC, id DESC);
CREATE INDEX fraud_cases_entity_idx ON fraud_cases (tenant_id, entity_type, entity_id, created_at DESC);
CREATE INDEX fraud_cases_severity_idx ON fraud_cases (tenant_id, severity, created_at DESC);

CREATE TRIGGER fraud_cases_no_update BEFORE UPDATE ON fraud_cases
BEGIN SELECT RAISE(ABORT, 'fraud_cases is append-only: cases are immutable'); END;
CREATE TRIGGER fraud_cases_no_delete BEFORE DELETE ON fraud_cases
BEGIN SELECT RAISE(ABORT, 'fraud_cases is append-only: cases are never deleted'); END;

-- The audit log. (case_id, event_sequence) is unique: even a second writer could never
-- produce a duplicate sequence; the Durable Object of the case makes them gapless.
CREATE TABLE fraud_case_events (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  case_id TEXT NOT NULL REFERENCES fraud_cases (id),
  event_sequence INTEGER NOT NULL CHECK (event_sequence >= 1),
  event_type TEXT NOT NULL,
  actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'system', 'workflow')),
  actor_id TEXT NOT NULL,
  actor_name TEXT,
  previous_status TEXT,
  new_status TEXT,
  assignee_id TEXT,
  assignee_name TEXT,
  note_content TEXT,
  note_type TEXT,
  evidence_type TEXT,
  evidence_reference TEXT,
  resolution TEXT,
  correlation_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- SHA-256 over the previous event's hash and this event's canonical content.
  previous_hash TEXT NOT NULL,
  hash TEXT NOT NULL
);
CREATE UNIQUE INDEX fraud_case_events_seq_uq ON fraud_case_events (case_id, event_sequence);
CREATE INDEX fraud_case_events_tenant_idx ON fraud_case_events (tenant_id, case_id, event_sequence);

CREATE TRIGGER fraud_case_events_no_update BEFORE UPDATE ON fraud_case_events
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are immutable'); END;
CREATE TRIGGER fraud_case_events_no_delete BEFORE DELETE ON fraud_case_events
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are never deleted'); END;

-- Projection of the events: the head of each case's log. Written in the same batch as each
-- event, guarded by the expected last_sequence so a stale writer changes nothing.
CREATE TABLE fraud_case_heads (
  case_id TEXT PRIMARY KEY NOT NULL REFERENCES fraud_cases (id),
  tenant_id TEXT NOT NULL,
  current_status TEXT NOT NULL,
  last_event_at TEXT NOT NULL,
  last_sequence INTEGER NOT NULL,
  head_hash TEXT NOT NULL,
  -- Copies of immutable case fields so filters and stats need no join.
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  severity TEXT NOT NULL,
  overall_score REAL NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX fraud_case_heads_list_idx ON fraud_case_heads (tenant_id, created_at DESC, case_id DESC);
CREATE INDEX fraud_case_heads_status_idx ON fraud_case_heads (tenant_id, current_status, created_at DESC);
CREATE INDEX fraud_case_heads_entity_idx ON fraud_case_heads (tenant_id, entity_type, entity_id, current_status);

-- Merchant evaluations read a merchant's transactions by name and date (customer, account
-- and agent evaluations use the existing indexes of 0001_data.sql).
CREATE INDEX transactions_merchant_idx ON transactions (tenant_id, merchant_name, transaction_date DESC)
  WHERE merchant_name IS NOT NULL;
