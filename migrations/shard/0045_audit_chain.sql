-- The tenant audit log chained (docs/decisions/audit-log.md#chain): each row gets its place in
-- the tenant's log (seq, assigned by the INSERT itself, so the rows of one D1 batch and of
-- concurrent batches never share one) and, once sealed, a keyed hash over its content and the
-- previous row's hash (chain_hash, under the key chain_key names). Sealing is the only UPDATE
-- the log takes; an erasure no longer rewrites it (its permit no longer opens the log).
ALTER TABLE tenant_audit_log ADD COLUMN seq INTEGER;
ALTER TABLE tenant_audit_log ADD COLUMN chain_hash TEXT;
ALTER TABLE tenant_audit_log ADD COLUMN chain_key TEXT;

DROP TRIGGER tenant_audit_log_no_update;
UPDATE tenant_audit_log SET seq = r.n
FROM (SELECT id, row_number() OVER (PARTITION BY tenant_id ORDER BY id) AS n FROM tenant_audit_log) AS r
WHERE r.id = tenant_audit_log.id;
CREATE UNIQUE INDEX tenant_audit_log_seq_idx ON tenant_audit_log (tenant_id, seq);
-- The minute sweep finds the logs with rows to seal without reading sealed ones.
CREATE INDEX tenant_audit_log_unsealed_idx ON tenant_audit_log (tenant_id, seq) WHERE chain_hash IS NULL;

CREATE TRIGGER tenant_audit_log_no_update BEFORE UPDATE ON tenant_audit_log
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
AND NOT (
  OLD.chain_hash IS NULL AND NEW.chain_hash IS NOT NULL AND NEW.chain_key IS NOT NULL
  AND NEW.id IS OLD.id AND NEW.tenant_id IS OLD.tenant_id AND NEW.seq IS OLD.seq
  AND NEW.actor_type IS OLD.actor_type AND NEW.actor_id IS OLD.actor_id AND NEW.action IS OLD.action
  AND NEW.target_type IS OLD.target_type AND NEW.target_id IS OLD.target_id
  AND NEW.before IS OLD.before AND NEW.after IS OLD.after
  AND NEW.request_id IS OLD.request_id AND NEW.created_at IS OLD.created_at
)
BEGIN SELECT RAISE(ABORT, 'tenant_audit_log is append-only'); END;
