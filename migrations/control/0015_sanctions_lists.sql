-- Sanctions and PEP lists (docs/methodology/sanctions.md#lists): loaded by an operator, shared by
-- every tenant that subscribes. A list holds its entries as they stand now; each load is a
-- version (publication date, SHA-256 of the file) and its diff (added, changed, removed).

CREATE TABLE sanctions_lists (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  format TEXT NOT NULL,
  current_version INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE sanctions_list_versions (
  list_id TEXT NOT NULL REFERENCES sanctions_lists (id),
  version INTEGER NOT NULL,
  published_at TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  entry_count INTEGER NOT NULL,
  added INTEGER NOT NULL,
  changed INTEGER NOT NULL,
  removed INTEGER NOT NULL,
  loaded_at TEXT NOT NULL,
  loaded_by TEXT NOT NULL,
  PRIMARY KEY (list_id, version)
);

-- One row per reference ever listed; `removed_in` set when a version no longer has it.
CREATE TABLE sanctions_entries (
  list_id TEXT NOT NULL REFERENCES sanctions_lists (id),
  ref TEXT NOT NULL,
  entry_hash TEXT NOT NULL,
  data TEXT NOT NULL,
  version INTEGER NOT NULL,
  removed_in INTEGER,
  PRIMARY KEY (list_id, ref)
);
CREATE INDEX sanctions_entries_live_idx ON sanctions_entries (list_id, removed_in);

-- The diff of each version: what a rescreen matches against the book.
CREATE TABLE sanctions_entry_changes (
  list_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  ref TEXT NOT NULL,
  change TEXT NOT NULL CHECK (change IN ('added', 'changed', 'removed')),
  PRIMARY KEY (list_id, version, ref)
);
