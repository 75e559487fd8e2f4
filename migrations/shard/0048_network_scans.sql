-- The network scan (issue 34, docs/methodology/typologies.md#network-typologies): one row per
-- tenant with its last scan, so screening on arrival scans again only when transactions arrived
-- since (through_created_at), and the status endpoint can say when the network was last judged.
-- Schemes found are stored as alerts with ids derived from the scheme's key: a scheme found again
-- adds nothing.
CREATE TABLE monitoring_network_scans (
  tenant_id TEXT PRIMARY KEY NOT NULL,
  scanned_at TEXT NOT NULL,
  -- The tenant's transaction count (data_row_counts) when it scanned: another count means work to do.
  through_transactions INTEGER,
  -- The event-time history it read (the lookback ending at the latest transaction date).
  history_start TEXT,
  history_end TEXT,
  transfers INTEGER NOT NULL DEFAULT 0,
  schemes INTEGER NOT NULL DEFAULT 0,
  schemes_new INTEGER NOT NULL DEFAULT 0,
  duration_ms INTEGER
);

CREATE TRIGGER "move_log_monitoring_network_scans_insert" AFTER INSERT ON "monitoring_network_scans" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'monitoring_network_scans', json_array(NEW."tenant_id")); END;
CREATE TRIGGER "move_log_monitoring_network_scans_update" AFTER UPDATE ON "monitoring_network_scans" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'monitoring_network_scans', json_array(NEW."tenant_id")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'monitoring_network_scans', json_array(OLD."tenant_id") WHERE json_array(OLD."tenant_id") <> json_array(NEW."tenant_id"); END;
CREATE TRIGGER "move_log_monitoring_network_scans_delete" AFTER DELETE ON "monitoring_network_scans" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'monitoring_network_scans', json_array(OLD."tenant_id")); END;
