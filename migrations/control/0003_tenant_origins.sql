-- Browser origins a tenant allows (docs/decisions/http-conventions.md#cors). The tenant's
-- settings.allowedOrigins is the source; this table mirrors it, written in the same batch, so
-- a CORS preflight (which carries no key) finds an origin through an index, not a scan.
CREATE TABLE tenant_origins (
  origin TEXT NOT NULL,
  tenant_id TEXT NOT NULL,
  PRIMARY KEY (origin, tenant_id)
);
CREATE INDEX tenant_origins_tenant_idx ON tenant_origins (tenant_id);

-- Operator idempotency keys (/admin POSTs): the shard table idempotency_keys (shard 0027) holds
-- the tenants' keys; the operator's live here, scoped to the operator credential.
CREATE TABLE operator_idempotency_keys (
  operator_id TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('in_flight', 'done')),
  status INTEGER,
  headers TEXT,
  body TEXT,
  created_at TEXT NOT NULL,
  locked_until TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (operator_id, key)
);
CREATE INDEX operator_idempotency_keys_expiry_idx ON operator_idempotency_keys (expires_at);
