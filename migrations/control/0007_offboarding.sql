-- Tenant offboarding (docs/decisions/offboarding-and-erasure.md): exports of a tenant's data to
-- R2 and the tombstone a deleted tenant leaves. Both are progress rows of queue jobs: `step`
-- is the job's turn (a redelivered message with another step does nothing), `phase`,
-- `table_index` and `cursor` say where the next page starts.
CREATE TABLE tenant_exports (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  shard INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'completed')),
  phase TEXT NOT NULL CHECK (phase IN ('control', 'tables', 'objects', 'manifest', 'done')),
  step INTEGER NOT NULL DEFAULT 0,
  table_index INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  parts INTEGER NOT NULL DEFAULT 0,
  rows_exported INTEGER NOT NULL DEFAULT 0,
  objects_exported INTEGER NOT NULL DEFAULT 0,
  requested_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX tenant_exports_tenant_idx ON tenant_exports (tenant_id, created_at DESC);

-- What remains of a deleted tenant: no name (its SHA-256 only: the operator audit log holds
-- the creation entry), who deleted it and when, and how much was removed.
CREATE TABLE tenant_tombstones (
  tenant_id TEXT PRIMARY KEY NOT NULL,
  name_sha256 TEXT NOT NULL,
  shard INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('deleting', 'deleted')),
  phase TEXT NOT NULL CHECK (phase IN ('objects', 'durable_objects', 'tables', 'verify', 'done')),
  step INTEGER NOT NULL DEFAULT 0,
  table_index INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  -- JSON object: rows removed per table, plus "r2Objects" and "durableObjects".
  counts TEXT NOT NULL DEFAULT '{}',
  deleted_by TEXT NOT NULL,
  deleted_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE TRIGGER tenant_tombstones_no_delete BEFORE DELETE ON tenant_tombstones
BEGIN SELECT RAISE(ABORT, 'tenant tombstones are kept'); END;
