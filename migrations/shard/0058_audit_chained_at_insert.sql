-- Issue 35: audit rows are chained when they are written, not sealed a minute later
-- (docs/decisions/audit-log.md#chain). A row goes in only at the next place of its tenant's log
-- and with its chain hash; anything else aborts with 'audit_chain_conflict' (the writer then
-- reads the new head and tries again). A move's or a purge's permit stands aside, as for updates.
CREATE TRIGGER tenant_audit_log_chained BEFORE INSERT ON tenant_audit_log
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = NEW.tenant_id AND p.kind IN ('move_in', 'purge'))
AND (NEW.chain_hash IS NULL OR NEW.chain_key IS NULL
  OR NEW.seq IS NOT (SELECT coalesce(max(l.seq), 0) + 1 FROM tenant_audit_log l WHERE l.tenant_id = NEW.tenant_id))
BEGIN SELECT RAISE(ABORT, 'audit_chain_conflict: an audit row takes the next place of its log, with its chain hash'); END;

-- A SECRETS_KEY rotation re-chains the log under the new key (the reseal): the only UPDATE the
-- log takes sets chain_hash and chain_key, every other column unchanged (before: only a missing
-- hash could be set). A hash not made with the key fails verification, so this opens no history.
DROP TRIGGER tenant_audit_log_no_update;
CREATE TRIGGER tenant_audit_log_no_update BEFORE UPDATE ON tenant_audit_log
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
AND NOT (
  NEW.chain_hash IS NOT NULL AND NEW.chain_key IS NOT NULL
  AND NEW.id IS OLD.id AND NEW.tenant_id IS OLD.tenant_id AND NEW.seq IS OLD.seq
  AND NEW.actor_type IS OLD.actor_type AND NEW.actor_id IS OLD.actor_id AND NEW.action IS OLD.action
  AND NEW.target_type IS OLD.target_type AND NEW.target_id IS OLD.target_id
  AND NEW.before IS OLD.before AND NEW.after IS OLD.after
  AND NEW.request_id IS OLD.request_id AND NEW.created_at IS OLD.created_at
)
BEGIN SELECT RAISE(ABORT, 'tenant_audit_log is append-only'); END;
