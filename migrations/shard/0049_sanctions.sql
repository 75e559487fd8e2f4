-- Sanctions screening per tenant (docs/methodology/sanctions.md): the lists it subscribes to and
-- its threshold, the cases hits open, and the false positives remembered per customer and entry.

CREATE TABLE sanctions_settings (
  tenant_id TEXT PRIMARY KEY,
  list_ids TEXT NOT NULL DEFAULT '[]',
  threshold REAL NOT NULL,
  updated_at TEXT NOT NULL
);

-- One case per (subject, list entry) while it is open: a new hit on it updates the case.
CREATE TABLE sanctions_cases (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  subject_type TEXT NOT NULL CHECK (subject_type IN ('customer', 'counterparty')),
  subject_id TEXT NOT NULL,
  subject_name TEXT NOT NULL,
  list_id TEXT NOT NULL,
  entry_ref TEXT NOT NULL,
  entry_hash TEXT NOT NULL,
  matched_name TEXT NOT NULL,
  score REAL NOT NULL,
  hit TEXT NOT NULL,
  source TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('potential_match', 'confirmed', 'false_positive')),
  reason TEXT,
  clear_requested_by TEXT,
  clear_requested_at TEXT,
  clear_reason TEXT,
  decided_by TEXT,
  decided_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX sanctions_cases_list_idx ON sanctions_cases (tenant_id, created_at, id);
CREATE UNIQUE INDEX sanctions_cases_open_uq ON sanctions_cases (tenant_id, subject_type, subject_id, list_id, entry_ref)
  WHERE state = 'potential_match';

-- A cleared hit: not raised again for this customer while the entry's hash is the same.
CREATE TABLE sanctions_clearances (
  tenant_id TEXT NOT NULL,
  subject_type TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  list_id TEXT NOT NULL,
  entry_ref TEXT NOT NULL,
  entry_hash TEXT NOT NULL,
  case_id TEXT NOT NULL,
  cleared_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, subject_type, subject_id, list_id, entry_ref)
);
