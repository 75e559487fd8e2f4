-- The operator audit log chained when written, as the tenants' (migrations/shard/0058): a row
-- goes in only at the next place with its chain hash, and the only UPDATE re-chains (the reseal).
CREATE TRIGGER audit_log_chained BEFORE INSERT ON audit_log
WHEN NEW.chain_hash IS NULL OR NEW.chain_key IS NULL
  OR NEW.seq IS NOT (SELECT coalesce(max(l.seq), 0) + 1 FROM audit_log l)
BEGIN SELECT RAISE(ABORT, 'audit_chain_conflict: an audit row takes the next place of its log, with its chain hash'); END;

DROP TRIGGER audit_log_no_update;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
WHEN NOT (
  NEW.chain_hash IS NOT NULL AND NEW.chain_key IS NOT NULL
  AND NEW.id IS OLD.id AND NEW.tenant_id IS OLD.tenant_id AND NEW.seq IS OLD.seq
  AND NEW.actor_type IS OLD.actor_type AND NEW.actor_id IS OLD.actor_id AND NEW.action IS OLD.action
  AND NEW.target_type IS OLD.target_type AND NEW.target_id IS OLD.target_id
  AND NEW.before IS OLD.before AND NEW.after IS OLD.after
  AND NEW.request_id IS OLD.request_id AND NEW.created_at IS OLD.created_at
)
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
