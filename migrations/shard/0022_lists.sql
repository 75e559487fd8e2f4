-- Tenant lists (issue 14): high-risk countries, watchlists and allowlists, their entries and an
-- append-only history (docs/decisions/lists.md). An archived list keeps its rows and history but
-- stops applying; a removed entry is deleted (its history rows stay).
CREATE TABLE lists (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('high_risk_countries', 'watchlist', 'allowlist')),
  entry_type TEXT NOT NULL
    CHECK (entry_type IN ('country', 'name', 'phone', 'account_number', 'counterparty', 'entity')),
  description TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  archived_at TEXT
);
CREATE INDEX lists_page_idx ON lists (tenant_id, kind, created_at, id);

-- value is the normalized value (or, for allowlists, "<entityType>:<entityId>:<ruleId or *>"):
-- one row per value per list, so membership is an index lookup on (tenant_id, list_id, value).
CREATE TABLE list_entries (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  list_id TEXT NOT NULL,
  value TEXT NOT NULL,
  original_value TEXT NOT NULL,
  entity_type TEXT CHECK (entity_type IN ('customer', 'account', 'agent', 'merchant', 'counterparty')),
  entity_id TEXT,
  rule_id TEXT,
  expires_at TEXT,
  note TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX list_entries_value_uq ON list_entries (tenant_id, list_id, value);
CREATE INDEX list_entries_entity_idx ON list_entries (tenant_id, entity_type, entity_id)
  WHERE entity_type IS NOT NULL;

CREATE TABLE list_history (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  list_id TEXT NOT NULL,
  action TEXT NOT NULL
    CHECK (action IN ('list.created', 'list.updated', 'list.archived', 'entry.added', 'entry.removed')),
  actor_type TEXT NOT NULL CHECK (actor_type IN ('operator', 'api_key', 'system')),
  actor_id TEXT NOT NULL,
  entry_id TEXT,
  value TEXT,
  details TEXT,
  request_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX list_history_page_idx ON list_history (tenant_id, list_id, created_at, id);
CREATE TRIGGER list_history_no_update BEFORE UPDATE ON list_history BEGIN
  SELECT RAISE(ABORT, 'list_history is append-only');
END;
CREATE TRIGGER list_history_no_delete BEFORE DELETE ON list_history BEGIN
  SELECT RAISE(ABORT, 'list_history is append-only');
END;
