-- A subject's hits of one drain opened as one case (docs/methodology/monitoring.md#deferred-case-opening):
-- a hit whose subject (a customer with its accounts) still has another entity pending screening
-- is stored as its alert without a case, and a row here says its case is still to be settled.
-- The page that screens the subject's last pending entity (or any later page, or a drain's end,
-- once nothing of the subject is pending) claims the rows and opens the subject's cases with every
-- deferred alert in the opening batch, then stores the alerts' case refs and deletes the rows.
-- `hit` is what the opening needs (the fraud evaluation or the AML case request, JSON).
CREATE TABLE monitoring_deferred_cases (
  tenant_id TEXT NOT NULL,
  alert_id TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  hit TEXT NOT NULL,
  created_at TEXT NOT NULL,
  claim_token TEXT,
  claimed_until TEXT,
  PRIMARY KEY (tenant_id, alert_id)
);

CREATE TRIGGER "move_log_monitoring_deferred_cases_insert" AFTER INSERT ON "monitoring_deferred_cases" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'monitoring_deferred_cases', json_array(NEW."tenant_id", NEW."alert_id")); END;
CREATE TRIGGER "move_log_monitoring_deferred_cases_update" AFTER UPDATE ON "monitoring_deferred_cases" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'monitoring_deferred_cases', json_array(NEW."tenant_id", NEW."alert_id")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'monitoring_deferred_cases', json_array(OLD."tenant_id", OLD."alert_id") WHERE json_array(OLD."tenant_id", OLD."alert_id") <> json_array(NEW."tenant_id", NEW."alert_id"); END;
CREATE TRIGGER "move_log_monitoring_deferred_cases_delete" AFTER DELETE ON "monitoring_deferred_cases" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'monitoring_deferred_cases', json_array(OLD."tenant_id", OLD."alert_id")); END;
