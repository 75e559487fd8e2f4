-- BHI batch calculation at scale (docs/methodology/bhi.md section 7).
--
-- The calculation aggregates the window's transactions per customer and week. Grouping by a
-- computed week makes SQLite sort every transaction of the window (a temp b-tree of a million
-- rows for a large tenant). Instead it joins customers (in id order) x week numbers (0..11, in
-- order) x transactions (an index range per customer and week): the (customer, week) groups
-- then arrive in order and nothing is sorted.
--
-- Constant table, the same for every tenant (no tenant data, so no tenant_id).
CREATE TABLE bhi_week_numbers (k INTEGER PRIMARY KEY NOT NULL);
INSERT INTO bhi_week_numbers (k) VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11);
CREATE TRIGGER bhi_week_numbers_constant_update BEFORE UPDATE ON bhi_week_numbers BEGIN
  SELECT RAISE(ABORT, 'bhi_week_numbers is constant');
END;
CREATE TRIGGER bhi_week_numbers_constant_delete BEFORE DELETE ON bhi_week_numbers BEGIN
  SELECT RAISE(ABORT, 'bhi_week_numbers is constant');
END;
-- A tenant's customers in id order. UNIQUE (id is the primary key anyway) tells the planner
-- that each customer is one row, which is what lets the week loop inside it count as ordered.
CREATE UNIQUE INDEX customers_tenant_id_uq ON customers (tenant_id, id);

-- Every record gets its bhi.calculated outbox event in the statement that inserts it (same
-- transaction, no second pass that reads the records back). Same data shape as before:
-- {customerId, bhiOverall, bhiBand, trend, alerts}; the id is a random UUID v4.
CREATE TRIGGER bhi_records_calculated_event AFTER INSERT ON bhi_records BEGIN
  INSERT INTO events (id, tenant_id, type, data, created_at, dispatched_at)
  VALUES (
    lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
      || substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
    NEW.tenant_id, 'bhi.calculated',
    json_object('customerId', NEW.customer_id, 'bhiOverall', NEW.bhi_overall, 'bhiBand', NEW.bhi_band,
      'trend', NEW.trend, 'alerts', json(NEW.alerts)),
    NEW.created_at, NULL);
END;
