-- Evidence files and links of fraud and AML cases (issue 16, docs/decisions/case-work.md#evidence-files).
-- The file itself is in R2 (tenants/{tenant}/case-files/...); the row lists it with the SHA-256
-- that its case's hash-chained log also records.
CREATE TABLE case_files (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  case_kind TEXT NOT NULL CHECK (case_kind IN ('fraud', 'aml')),
  case_id TEXT NOT NULL,
  object_key TEXT NOT NULL,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  description TEXT,
  uploaded_by TEXT NOT NULL,
  actor_key_id TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX case_files_case_idx ON case_files (tenant_id, case_kind, case_id, created_at, id);

-- One row per link, stored once with its ends in a canonical order (docs/decisions/case-work.md#links),
-- so either end finds it through one of the two indexes.
CREATE TABLE case_links (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  a_kind TEXT NOT NULL CHECK (a_kind IN ('fraud_case', 'aml_case', 'alert')),
  a_id TEXT NOT NULL,
  b_kind TEXT NOT NULL CHECK (b_kind IN ('fraud_case', 'aml_case', 'alert')),
  b_id TEXT NOT NULL,
  created_by TEXT NOT NULL,
  actor_key_id TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX case_links_pair_idx ON case_links (tenant_id, a_kind, a_id, b_kind, b_id);
CREATE INDEX case_links_b_idx ON case_links (tenant_id, b_kind, b_id);
