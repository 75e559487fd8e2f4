-- Team queues (issue 37 item 3, docs/decisions/case-work.md#team-queues): a tenant's inboxes with
-- their routing criteria and members, and which queue each routed fraud or AML case went to.
CREATE TABLE case_queues (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  priority INTEGER NOT NULL,
  kinds TEXT NOT NULL DEFAULT '[]',
  typologies TEXT NOT NULL DEFAULT '[]',
  min_risk_level TEXT CHECK (min_risk_level IN ('low', 'medium', 'high', 'critical')),
  members TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX case_queues_name_idx ON case_queues (tenant_id, name);
CREATE INDEX case_queues_priority_idx ON case_queues (tenant_id, priority, created_at, id);

-- One row per routed case (a case no queue matched has none). due_at and risk are the case's at
-- routing; the queue's list reads the live due date and status from the kind's projection.
CREATE TABLE case_queue_entries (
  tenant_id TEXT NOT NULL,
  case_kind TEXT NOT NULL CHECK (case_kind IN ('fraud', 'aml')),
  case_id TEXT NOT NULL,
  queue_id TEXT NOT NULL,
  due_at TEXT,
  risk INTEGER NOT NULL,
  routed_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, case_kind, case_id)
) WITHOUT ROWID;
CREATE INDEX case_queue_entries_queue_idx ON case_queue_entries (tenant_id, queue_id, due_at, risk DESC);

-- Tenant moves: the change log (0044), as moveLogTriggers writes them.
CREATE TRIGGER "move_log_case_queues_insert" AFTER INSERT ON "case_queues" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'case_queues', json_array(NEW."id")); END;

CREATE TRIGGER "move_log_case_queues_update" AFTER UPDATE ON "case_queues" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'case_queues', json_array(NEW."id")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'case_queues', json_array(OLD."id") WHERE json_array(OLD."id") <> json_array(NEW."id"); END;

CREATE TRIGGER "move_log_case_queues_delete" AFTER DELETE ON "case_queues" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'case_queues', json_array(OLD."id")); END;
CREATE TRIGGER "move_log_case_queue_entries_insert" AFTER INSERT ON "case_queue_entries" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'case_queue_entries', json_array(NEW."tenant_id", NEW."case_kind", NEW."case_id")); END;

CREATE TRIGGER "move_log_case_queue_entries_update" AFTER UPDATE ON "case_queue_entries" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'case_queue_entries', json_array(NEW."tenant_id", NEW."case_kind", NEW."case_id")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'case_queue_entries', json_array(OLD."tenant_id", OLD."case_kind", OLD."case_id") WHERE json_array(OLD."tenant_id", OLD."case_kind", OLD."case_id") <> json_array(NEW."tenant_id", NEW."case_kind", NEW."case_id"); END;

CREATE TRIGGER "move_log_case_queue_entries_delete" AFTER DELETE ON "case_queue_entries" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'case_queue_entries', json_array(OLD."tenant_id", OLD."case_kind", OLD."case_id")); END;
