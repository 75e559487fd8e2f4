-- Per-operator credentials and the operator audit log (docs/decisions/audit-log.md).

-- Named operator tokens: cop_<40 base62>. Only the SHA-256 of the whole token and its
-- display prefix are stored; revocation takes effect on the next request (no cache).
CREATE TABLE operator_tokens (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  -- The operator credential that created it ("bootstrap" for ADMIN_TOKEN).
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX operator_tokens_prefix_idx ON operator_tokens (prefix);
CREATE INDEX operator_tokens_created_idx ON operator_tokens (created_at DESC, id DESC);

-- Operator actions (tenants, keys, connectors, secrets, operator tokens). Append-only:
-- ids are UUID v7, so id order is time order.
CREATE TABLE audit_log (
  id TEXT PRIMARY KEY NOT NULL,
  actor_type TEXT NOT NULL CHECK (actor_type IN ('operator', 'api_key', 'system')),
  actor_id TEXT NOT NULL,
  action TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT NOT NULL,
  -- NULL for platform actions (secret reseal, operator tokens).
  tenant_id TEXT,
  before TEXT,
  after TEXT,
  request_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX audit_log_tenant_idx ON audit_log (tenant_id, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
