-- The cases each alert names (monitoring_alerts.cases, one row per case), so the system close
-- after late history withdrew an alert finds the other alerts of a case by key
-- (src/modules/monitoring/screening/repo.ts alertsOfCases; docs/methodology/monitoring.md#late-history).
-- Before, that read walked the tenant's alerts and parsed each one's case list. Written with
-- the alert, in the same batch; an alert's cases never change after it is stored.
CREATE TABLE monitoring_alert_cases (
  tenant_id TEXT NOT NULL,
  case_id TEXT NOT NULL,
  alert_id TEXT NOT NULL,
  PRIMARY KEY (tenant_id, case_id, alert_id)
);

INSERT OR IGNORE INTO monitoring_alert_cases (tenant_id, case_id, alert_id)
  SELECT a.tenant_id, json_extract(c.value, '$.caseId'), a.id
  FROM monitoring_alerts a, json_each(a.cases) c
  WHERE json_extract(c.value, '$.caseId') IS NOT NULL;

CREATE TRIGGER "move_log_monitoring_alert_cases_insert" AFTER INSERT ON "monitoring_alert_cases" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'monitoring_alert_cases', json_array(NEW."tenant_id", NEW."case_id", NEW."alert_id")); END;
CREATE TRIGGER "move_log_monitoring_alert_cases_update" AFTER UPDATE ON "monitoring_alert_cases" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'monitoring_alert_cases', json_array(NEW."tenant_id", NEW."case_id", NEW."alert_id")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'monitoring_alert_cases', json_array(OLD."tenant_id", OLD."case_id", OLD."alert_id") WHERE json_array(OLD."tenant_id", OLD."case_id", OLD."alert_id") <> json_array(NEW."tenant_id", NEW."case_id", NEW."alert_id"); END;
CREATE TRIGGER "move_log_monitoring_alert_cases_delete" AFTER DELETE ON "monitoring_alert_cases" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'monitoring_alert_cases', json_array(OLD."tenant_id", OLD."case_id", OLD."alert_id")); END;
