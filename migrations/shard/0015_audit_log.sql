-- A tenant's own audited actions (AML thresholds, webhook subscriptions and secrets), written
-- in the same batch as the change. Append-only; UUID v7 ids (id order is time order).
-- Operator actions live in CONTROL_DB's audit_log (docs/decisions/audit-log.md).
CREATE TABLE tenant_audit_log (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  actor_type TEXT NOT NULL CHECK (actor_type IN ('operator', 'api_key', 'system')),
  actor_id TEXT NOT NULL,
  action TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT NOT NULL,
  before TEXT,
  after TEXT,
  request_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX tenant_audit_log_tenant_idx ON tenant_audit_log (tenant_id, id DESC);
CREATE INDEX tenant_audit_log_action_idx ON tenant_audit_log (tenant_id, action, id DESC);
CREATE TRIGGER tenant_audit_log_no_update BEFORE UPDATE ON tenant_audit_log BEGIN
  SELECT RAISE(ABORT, 'tenant_audit_log is append-only');
END;
CREATE TRIGGER tenant_audit_log_no_delete BEFORE DELETE ON tenant_audit_log BEGIN
  SELECT RAISE(ABORT, 'tenant_audit_log is append-only');
END;
