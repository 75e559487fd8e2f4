-- BHI batch calculation, second pass (docs/methodology/bhi.md section 9).
--
-- 1. Each transaction's flow kind, computed by SQLite from type, status and balance_after_minor
--    and stored only in transactions_flow_idx (a VIRTUAL column costs nothing in the table).
--    The BHI read then tests one small integer per transaction instead of string lists:
--      0 credit that did not move money    1 credit that moved money
--      2 debit that moved money            3 debit that moved money into an overdraft
--      4 debit that did not move money (a failed payment)
--    "Did not move money" is the status list of FAILED_STATUSES in src/modules/bhi/repo.ts (a
--    test checks the two agree). transactions_flow_idx keeps its leading columns, so the
--    insights queries keep their plans; the BHI read becomes covered by it.
ALTER TABLE transactions ADD COLUMN flow_kind INTEGER GENERATED ALWAYS AS (
  CASE
    WHEN status = 'completed' OR status NOT IN ('failed', 'declined', 'returned', 'reversed', 'bounced', 'cancelled')
      THEN CASE WHEN type = 'credit' THEN 1 WHEN balance_after_minor < 0 THEN 3 ELSE 2 END
    ELSE CASE WHEN type = 'debit' THEN 4 ELSE 0 END
  END
) VIRTUAL;
DROP INDEX IF EXISTS transactions_flow_idx;
CREATE INDEX transactions_flow_idx
  ON transactions (tenant_id, customer_id, transaction_date, type, status, amount_minor, flow_kind);

-- 2. The latest record of each customer is a pointer in a small table, not a flag on the record:
--    a calculation appends records and moves pointers, and never rewrites an old ~1 KB record
--    (nor its entries in three list indexes). bhi_records becomes strictly append-only.
--    The pointer carries what the next calculation (version, score, band, recent scores), the
--    summary and the latest-record filters need.
CREATE TABLE bhi_latest (
  tenant_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  record_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  bhi_overall REAL NOT NULL,
  bhi_band TEXT NOT NULL,
  trend TEXT NOT NULL,
  alert_count INTEGER NOT NULL,
  recent_scores TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, customer_id)
) WITHOUT ROWID;
CREATE INDEX bhi_latest_list_idx ON bhi_latest (tenant_id, created_at DESC, version DESC, record_id DESC);
CREATE INDEX bhi_latest_band_idx ON bhi_latest (tenant_id, bhi_band, created_at DESC, version DESC, record_id DESC);
CREATE INDEX bhi_latest_trend_idx ON bhi_latest (tenant_id, trend, created_at DESC, version DESC, record_id DESC);

INSERT INTO bhi_latest (tenant_id, customer_id, record_id, version, bhi_overall, bhi_band, trend, alert_count, recent_scores, created_at)
SELECT tenant_id, customer_id, id, version, bhi_overall, bhi_band, trend, alert_count, recent_scores, created_at
FROM bhi_records WHERE is_latest = 1;

DROP TRIGGER bhi_records_latest_only_clears;
DROP TRIGGER bhi_records_append_only;
DROP INDEX bhi_records_latest_uq;
DROP INDEX bhi_records_list_idx;
DROP INDEX bhi_records_band_idx;
DROP INDEX bhi_records_trend_idx;
ALTER TABLE bhi_records DROP COLUMN is_latest;
CREATE INDEX bhi_records_list_idx ON bhi_records (tenant_id, created_at DESC, version DESC, id DESC);
CREATE TRIGGER bhi_records_append_only BEFORE UPDATE ON bhi_records BEGIN
  SELECT RAISE(ABORT, 'bhi_records are append-only');
END;

-- Every inserted record moves its customer's pointer in the same statement (so atomically),
-- forward only: a record older than the pointer (impossible through the API, whose versions
-- are unique and increasing) leaves it where it is.
CREATE TRIGGER bhi_records_move_latest AFTER INSERT ON bhi_records BEGIN
  INSERT INTO bhi_latest (tenant_id, customer_id, record_id, version, bhi_overall, bhi_band, trend, alert_count, recent_scores, created_at)
  VALUES (NEW.tenant_id, NEW.customer_id, NEW.id, NEW.version, NEW.bhi_overall, NEW.bhi_band, NEW.trend,
    NEW.alert_count, NEW.recent_scores, NEW.created_at)
  ON CONFLICT (tenant_id, customer_id) DO UPDATE SET
    record_id = excluded.record_id, version = excluded.version, bhi_overall = excluded.bhi_overall,
    bhi_band = excluded.bhi_band, trend = excluded.trend, alert_count = excluded.alert_count,
    recent_scores = excluded.recent_scores, created_at = excluded.created_at
  WHERE excluded.version > bhi_latest.version;
END;

-- 3. The bhi.calculated event's id is a UUID v7 (time first): the events of one statement are
--    appended at the end of the events primary-key index instead of scattered through it.
--    'now' is the same for every row of one statement, so the 74 random bits keep them unique.
DROP TRIGGER bhi_records_calculated_event;
CREATE TRIGGER bhi_records_calculated_event AFTER INSERT ON bhi_records BEGIN
  INSERT INTO events (id, tenant_id, type, data, created_at, dispatched_at)
  VALUES (
    lower(
      substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 1, 8) || '-'
      || substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 9, 4) || '-7'
      || substr(hex(randomblob(2)), 2) || '-'
      || substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
    NEW.tenant_id, 'bhi.calculated',
    json_object('customerId', NEW.customer_id, 'bhiOverall', NEW.bhi_overall, 'bhiBand', NEW.bhi_band,
      'trend', NEW.trend, 'alerts', json(NEW.alerts)),
    NEW.created_at, NULL);
END;
