-- Per-subject keys (issue 35, docs/decisions/offboarding-and-erasure.md#case-logs-stay-verifiable):
-- personal text inside a chained record (a fraud case note about a customer) is stored sealed
-- under its customer's key; the chain hashes the sealed bytes. An erasure deletes the key: the
-- text becomes unreadable and every chain still verifies. The key itself is sealed with
-- SECRETS_KEY (src/lib/sealed.ts), so the shard never holds it in clear.
CREATE TABLE subject_keys (
  tenant_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  sealed_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, customer_id)
) WITHOUT ROWID;

CREATE TRIGGER "move_log_subject_keys_insert" AFTER INSERT ON "subject_keys" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'subject_keys', json_array(NEW."tenant_id", NEW."customer_id")); END;
CREATE TRIGGER "move_log_subject_keys_update" AFTER UPDATE ON "subject_keys" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'subject_keys', json_array(NEW."tenant_id", NEW."customer_id")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'subject_keys', json_array(OLD."tenant_id", OLD."customer_id") WHERE json_array(OLD."tenant_id", OLD."customer_id") <> json_array(NEW."tenant_id", NEW."customer_id"); END;
CREATE TRIGGER "move_log_subject_keys_delete" AFTER DELETE ON "subject_keys" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'subject_keys', json_array(OLD."tenant_id", OLD."customer_id")); END;
