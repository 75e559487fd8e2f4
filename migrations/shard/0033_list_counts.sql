-- Cheap totals for the data lists (issue 17, docs/decisions/pagination.md): each tenant's row
-- count of customers, accounts, transactions and agents, kept by triggers in the same statement
-- as the insert or delete, so an unfiltered list reads its total from one row instead of
-- counting the tenant's table on every first page. An upsert that updates fires no INSERT
-- trigger, so re-ingesting a row does not count it twice. Nothing writes these tables with
-- INSERT OR REPLACE (whose implicit delete would fire no DELETE trigger).
CREATE TABLE data_row_counts (
  tenant_id TEXT NOT NULL,
  table_name TEXT NOT NULL CHECK (table_name IN ('customers', 'accounts', 'transactions', 'agents')),
  n INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, table_name)
) WITHOUT ROWID;

INSERT INTO data_row_counts (tenant_id, table_name, n)
  SELECT tenant_id, 'customers', count(*) FROM customers GROUP BY tenant_id;
INSERT INTO data_row_counts (tenant_id, table_name, n)
  SELECT tenant_id, 'accounts', count(*) FROM accounts GROUP BY tenant_id;
INSERT INTO data_row_counts (tenant_id, table_name, n)
  SELECT tenant_id, 'transactions', count(*) FROM transactions GROUP BY tenant_id;
INSERT INTO data_row_counts (tenant_id, table_name, n)
  SELECT tenant_id, 'agents', count(*) FROM agents GROUP BY tenant_id;

CREATE TRIGGER customers_count_insert AFTER INSERT ON customers BEGIN
  INSERT INTO data_row_counts (tenant_id, table_name, n) VALUES (NEW.tenant_id, 'customers', 1)
    ON CONFLICT (tenant_id, table_name) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER customers_count_delete AFTER DELETE ON customers BEGIN
  UPDATE data_row_counts SET n = n - 1 WHERE tenant_id = OLD.tenant_id AND table_name = 'customers';
END;
CREATE TRIGGER accounts_count_insert AFTER INSERT ON accounts BEGIN
  INSERT INTO data_row_counts (tenant_id, table_name, n) VALUES (NEW.tenant_id, 'accounts', 1)
    ON CONFLICT (tenant_id, table_name) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER accounts_count_delete AFTER DELETE ON accounts BEGIN
  UPDATE data_row_counts SET n = n - 1 WHERE tenant_id = OLD.tenant_id AND table_name = 'accounts';
END;
CREATE TRIGGER transactions_count_insert AFTER INSERT ON transactions BEGIN
  INSERT INTO data_row_counts (tenant_id, table_name, n) VALUES (NEW.tenant_id, 'transactions', 1)
    ON CONFLICT (tenant_id, table_name) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER transactions_count_delete AFTER DELETE ON transactions BEGIN
  UPDATE data_row_counts SET n = n - 1 WHERE tenant_id = OLD.tenant_id AND table_name = 'transactions';
END;
CREATE TRIGGER agents_count_insert AFTER INSERT ON agents BEGIN
  INSERT INTO data_row_counts (tenant_id, table_name, n) VALUES (NEW.tenant_id, 'agents', 1)
    ON CONFLICT (tenant_id, table_name) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER agents_count_delete AFTER DELETE ON agents BEGIN
  UPDATE data_row_counts SET n = n - 1 WHERE tenant_id = OLD.tenant_id AND table_name = 'agents';
END;
