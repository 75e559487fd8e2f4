-- The anchored head of each audit log (docs/decisions/audit-log.md#chain): the last sealed place,
-- its chain hash and a keyed anchor over both, per log ('operator', or 'tenant:<id>' for a
-- tenant's log on its shard). Kept apart from the rows (here, not on the shard) and only moving
-- forward: verification finds the newest sealed rows removed, which the chain alone cannot show.
CREATE TABLE audit_chain_heads (
  log TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  hash TEXT NOT NULL,
  anchor TEXT NOT NULL,
  anchor_key TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TRIGGER audit_chain_heads_forward BEFORE UPDATE ON audit_chain_heads
WHEN NEW.seq < OLD.seq OR NEW.log IS NOT OLD.log
BEGIN SELECT RAISE(ABORT, 'audit_chain_heads only move forward'); END;
