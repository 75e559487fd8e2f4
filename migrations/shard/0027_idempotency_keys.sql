-- Idempotency keys of the tenants' creating POSTs (docs/decisions/http-conventions.md#idempotency).
-- One row per (tenant, key): the request's hash, whether it is still running, and the answer
-- to replay. Rows live 24 h; an expired row is reclaimed by the next use of its key and swept
-- by the daily cron.
CREATE TABLE idempotency_keys (
  tenant_id TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('in_flight', 'done')),
  status INTEGER,
  headers TEXT,
  body TEXT,
  created_at TEXT NOT NULL,
  -- An in-flight claim older than this was abandoned (the isolate died): the key may be reused.
  locked_until TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, key)
);
CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at);
