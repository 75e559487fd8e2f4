-- The operator audit log chained like the tenants' (migrations/shard/0045_audit_chain.sql): one
-- log, seq assigned by the INSERT, chain_hash set once when sealed (the only UPDATE it takes).
ALTER TABLE audit_log ADD COLUMN seq INTEGER;
ALTER TABLE audit_log ADD COLUMN chain_hash TEXT;
ALTER TABLE audit_log ADD COLUMN chain_key TEXT;

DROP TRIGGER audit_log_no_update;
UPDATE audit_log SET seq = r.n
FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM audit_log) AS r
WHERE r.id = audit_log.id;
CREATE UNIQUE INDEX audit_log_seq_idx ON audit_log (seq);
CREATE INDEX audit_log_unsealed_idx ON audit_log (seq) WHERE chain_hash IS NULL;

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
WHEN NOT (
  OLD.chain_hash IS NULL AND NEW.chain_hash IS NOT NULL AND NEW.chain_key IS NOT NULL
  AND NEW.id IS OLD.id AND NEW.tenant_id IS OLD.tenant_id AND NEW.seq IS OLD.seq
  AND NEW.actor_type IS OLD.actor_type AND NEW.actor_id IS OLD.actor_id AND NEW.action IS OLD.action
  AND NEW.target_type IS OLD.target_type AND NEW.target_id IS OLD.target_id
  AND NEW.before IS OLD.before AND NEW.after IS OLD.after
  AND NEW.request_id IS OLD.request_id AND NEW.created_at IS OLD.created_at
)
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
