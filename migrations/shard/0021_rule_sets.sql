-- Rule sets (issue 14, docs/methodology/rules.md): per tenant and kind (fraud, aml) one mutable
-- draft, immutable numbered versions, a head naming the live version, and an append-only
-- publication log. Versions and the log refuse UPDATE and DELETE (like tenant_audit_log).

CREATE TABLE rule_set_drafts (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('fraud', 'aml')),
  content TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  based_on_version INTEGER NOT NULL,
  -- Bumped on every PUT: a publish freezes exactly the revision it checked.
  revision INTEGER NOT NULL,
  -- JSON array of every key id that wrote this draft (maker-checker).
  editors TEXT NOT NULL,
  created_by TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX rule_set_drafts_one_per_kind ON rule_set_drafts (tenant_id, kind);

CREATE TABLE rule_set_versions (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('fraud', 'aml')),
  version INTEGER NOT NULL CHECK (version >= 1),
  content TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  based_on_version INTEGER NOT NULL,
  from_draft_id TEXT,
  created_by TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  published_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  published_at TEXT NOT NULL
);
-- Two concurrent publishes both computing version N+1: one wins, the other fails here (409).
CREATE UNIQUE INDEX rule_set_versions_number ON rule_set_versions (tenant_id, kind, version);
CREATE TRIGGER rule_set_versions_no_update BEFORE UPDATE ON rule_set_versions BEGIN
  SELECT RAISE(ABORT, 'rule_set_versions are immutable');
END;
CREATE TRIGGER rule_set_versions_no_delete BEFORE DELETE ON rule_set_versions BEGIN
  SELECT RAISE(ABORT, 'rule_set_versions are immutable');
END;

CREATE TABLE rule_set_heads (
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('fraud', 'aml')),
  -- 0: nothing published (the built-in defaults run).
  live_version INTEGER NOT NULL,
  -- Version 0's AML thresholds carried over from aml_thresholds (below); unused once published.
  legacy_thresholds TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, kind)
);

CREATE TABLE rule_set_publications (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('fraud', 'aml')),
  version INTEGER NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('publish', 'rollback', 'thresholds')),
  actor_key_id TEXT NOT NULL,
  from_draft_id TEXT,
  based_on_version INTEGER NOT NULL,
  rolled_back_to INTEGER,
  reason TEXT,
  content_hash TEXT NOT NULL,
  published_at TEXT NOT NULL
);
CREATE INDEX rule_set_publications_by_kind ON rule_set_publications (tenant_id, kind, version DESC);
CREATE TRIGGER rule_set_publications_no_update BEFORE UPDATE ON rule_set_publications BEGIN
  SELECT RAISE(ABORT, 'rule_set_publications is append-only');
END;
CREATE TRIGGER rule_set_publications_no_delete BEFORE DELETE ON rule_set_publications BEGIN
  SELECT RAISE(ABORT, 'rule_set_publications is append-only');
END;

-- The old per-tenant threshold overrides become version 0's thresholds (the defaults merged with
-- them), so nothing changes for a tenant until it publishes; aml_thresholds is no longer read.
INSERT INTO rule_set_heads (tenant_id, kind, live_version, legacy_thresholds, updated_at)
  SELECT tenant_id, 'aml', 0, thresholds, updated_at FROM aml_thresholds WHERE thresholds <> '{}';
