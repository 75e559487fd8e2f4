-- Issue 37: a fraud case event may name an integration (a key bound to no user) as its actor, as
-- AML history entries do (docs/decisions/case-work.md#named-analysts). SQLite cannot change a
-- CHECK in place, so the table is rebuilt with the same columns in the same order and every
-- stored value unchanged (the hashes cover the values, not the table), then its indexes and
-- triggers are put back as 0040/0041/0044/0046 left them. Nothing references this table, and
-- DROP TABLE fires no trigger, so the append-only guards do not stand in the way.
CREATE TABLE fraud_case_events_0064 AS SELECT * FROM fraud_case_events;
DROP TABLE fraud_case_events;

CREATE TABLE fraud_case_events (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  case_id TEXT NOT NULL REFERENCES fraud_cases (id),
  event_sequence INTEGER NOT NULL CHECK (event_sequence >= 1),
  event_type TEXT NOT NULL,
  actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'system', 'workflow', 'integration')),
  actor_id TEXT NOT NULL,
  actor_name TEXT,
  previous_status TEXT,
  new_status TEXT,
  assignee_id TEXT,
  assignee_name TEXT,
  note_content TEXT,
  note_type TEXT,
  evidence_type TEXT,
  evidence_reference TEXT,
  resolution TEXT,
  correlation_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- SHA-256 over the previous event's hash and this event's canonical content.
  previous_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  actor_key_id TEXT,
  redacted_at TEXT
);
INSERT INTO fraud_case_events SELECT * FROM fraud_case_events_0064;
DROP TABLE fraud_case_events_0064;

CREATE UNIQUE INDEX fraud_case_events_seq_uq ON fraud_case_events (case_id, event_sequence);
CREATE INDEX fraud_case_events_tenant_idx ON fraud_case_events (tenant_id, case_id, event_sequence);

CREATE TRIGGER fraud_case_events_no_delete BEFORE DELETE ON fraud_case_events
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are never deleted'); END;

CREATE TRIGGER fraud_case_events_no_update BEFORE UPDATE ON fraud_case_events
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are immutable'); END;

-- Tenant moves: the change log (0044), as moveLogTriggers writes them.
CREATE TRIGGER "move_log_fraud_case_events_insert" AFTER INSERT ON "fraud_case_events" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'fraud_case_events', json_array(NEW."id")); END;
CREATE TRIGGER "move_log_fraud_case_events_update" AFTER UPDATE ON "fraud_case_events" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'fraud_case_events', json_array(NEW."id")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'fraud_case_events', json_array(OLD."id") WHERE json_array(OLD."id") <> json_array(NEW."id"); END;
CREATE TRIGGER "move_log_fraud_case_events_delete" AFTER DELETE ON "fraud_case_events" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'fraud_case_events', json_array(OLD."id")); END;
