-- One case per scheme, found from each participant (issue 34 item 4,
-- docs/methodology/network.md#what-a-scheme-leaves): a network scheme's AML case lists every holder
-- taking part, with its role, so GET /v1/kyc-aml/cases?entityId=<participant> finds it from each,
-- not only from the principal it is opened on. Rows are written in the batch that opens the case
-- (only when the case row was inserted) or added when a later scheme appends to it.
CREATE TABLE aml_case_subjects (
  tenant_id TEXT NOT NULL,
  case_id TEXT NOT NULL,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  role TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, case_id, entity_type, entity_id)
) WITHOUT ROWID;
CREATE INDEX aml_case_subjects_entity_idx ON aml_case_subjects (tenant_id, entity_type, entity_id, case_id);

CREATE TRIGGER "move_log_aml_case_subjects_insert" AFTER INSERT ON "aml_case_subjects" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'aml_case_subjects', json_array(NEW."tenant_id", NEW."case_id", NEW."entity_type", NEW."entity_id")); END;
CREATE TRIGGER "move_log_aml_case_subjects_update" AFTER UPDATE ON "aml_case_subjects" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'aml_case_subjects', json_array(NEW."tenant_id", NEW."case_id", NEW."entity_type", NEW."entity_id")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'aml_case_subjects', json_array(OLD."tenant_id", OLD."case_id", OLD."entity_type", OLD."entity_id") WHERE json_array(OLD."tenant_id", OLD."case_id", OLD."entity_type", OLD."entity_id") <> json_array(NEW."tenant_id", NEW."case_id", NEW."entity_type", NEW."entity_id"); END;
CREATE TRIGGER "move_log_aml_case_subjects_delete" AFTER DELETE ON "aml_case_subjects" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'aml_case_subjects', json_array(OLD."tenant_id", OLD."case_id", OLD."entity_type", OLD."entity_id")); END;
