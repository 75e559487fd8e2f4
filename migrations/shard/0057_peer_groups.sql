-- Peer groups (issue 34 item 2, docs/methodology/peers.md): per tenant, the robust statistics
-- (median, MAD, 90th/95th/99th percentiles) of the figures the "unusual" rules read (count,
-- volume, largest amount, distinct senders and receivers, cash share), per peer group of
-- customers and of accounts (type, segment, tier). A small table: one row per group with 20 or
-- more active members, replaced as a whole by each refresh; screening reads the rows a page needs.
CREATE TABLE peer_group_stats (
  tenant_id TEXT NOT NULL,
  peer_group TEXT NOT NULL,
  members INTEGER NOT NULL,
  -- {feature: {median, mad, q90, q95, q99}} (src/modules/data/domain/peer-stats.ts)
  stats TEXT NOT NULL,
  -- The end of the 30-day window the figures were measured over (the book's latest transaction).
  as_of TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, peer_group)
);

-- One row per tenant: the last refresh, and the transaction count it saw (another count: refresh).
CREATE TABLE peer_stats_runs (
  tenant_id TEXT PRIMARY KEY NOT NULL,
  computed_at TEXT NOT NULL,
  as_of TEXT,
  through_transactions INTEGER NOT NULL,
  entities INTEGER NOT NULL,
  groups INTEGER NOT NULL,
  duration_ms INTEGER
);

CREATE TRIGGER "move_log_peer_group_stats_insert" AFTER INSERT ON "peer_group_stats" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'peer_group_stats', json_array(NEW."tenant_id", NEW."peer_group")); END;
CREATE TRIGGER "move_log_peer_group_stats_update" AFTER UPDATE ON "peer_group_stats" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'peer_group_stats', json_array(NEW."tenant_id", NEW."peer_group")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'peer_group_stats', json_array(OLD."tenant_id", OLD."peer_group") WHERE json_array(OLD."tenant_id", OLD."peer_group") <> json_array(NEW."tenant_id", NEW."peer_group"); END;
CREATE TRIGGER "move_log_peer_group_stats_delete" AFTER DELETE ON "peer_group_stats" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'peer_group_stats', json_array(OLD."tenant_id", OLD."peer_group")); END;

CREATE TRIGGER "move_log_peer_stats_runs_insert" AFTER INSERT ON "peer_stats_runs" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'peer_stats_runs', json_array(NEW."tenant_id")); END;
CREATE TRIGGER "move_log_peer_stats_runs_update" AFTER UPDATE ON "peer_stats_runs" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'peer_stats_runs', json_array(NEW."tenant_id")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'peer_stats_runs', json_array(OLD."tenant_id") WHERE json_array(OLD."tenant_id") <> json_array(NEW."tenant_id"); END;
CREATE TRIGGER "move_log_peer_stats_runs_delete" AFTER DELETE ON "peer_stats_runs" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'peer_stats_runs', json_array(OLD."tenant_id")); END;
