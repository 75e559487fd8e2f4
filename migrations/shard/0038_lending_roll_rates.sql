-- Issue 18 (docs/methodology/lending.md#roll-rates, docs/ingest.md#fineract):
-- 1. Roll rates stored with the month-end snapshot that completes them, so PAR history reads
--    them instead of joining two months of snapshot rows per request.
CREATE TABLE lending_roll_rates (
  tenant_id TEXT NOT NULL,
  from_month TEXT NOT NULL,
  to_month TEXT NOT NULL,
  currency TEXT NOT NULL,
  from_bucket TEXT NOT NULL,
  -- a bucket, or 'closed' when the loan is not in the later snapshot (repaid, closed, written off)
  to_bucket TEXT NOT NULL,
  loans INTEGER NOT NULL,
  principal_minor INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, from_month, currency, from_bucket, to_bucket)
);

-- The month pairs already stored before this migration.
INSERT OR IGNORE INTO lending_roll_rates (tenant_id, from_month, to_month, currency, from_bucket, to_bucket,
  loans, principal_minor, created_at)
SELECT a.tenant_id, a.month_end, date(a.month_end, '+1 day', '+1 month', '-1 day'), a.currency, a.bucket,
  COALESCE(b.bucket, 'closed'), COUNT(*), SUM(a.outstanding_principal_minor), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM lending_snapshots a
LEFT JOIN lending_snapshots b ON b.tenant_id = a.tenant_id AND b.loan_id = a.loan_id
  AND b.month_end = date(a.month_end, '+1 day', '+1 month', '-1 day')
WHERE EXISTS (SELECT 1 FROM lending_snapshots n WHERE n.tenant_id = a.tenant_id
  AND n.month_end = date(a.month_end, '+1 day', '+1 month', '-1 day'))
GROUP BY a.tenant_id, a.month_end, a.currency, a.bucket, COALESCE(b.bucket, 'closed');

-- 2. Fineract loans seen by the core-banking sync: what the loan listing showed (fingerprint),
--    what was last loaded, and the highest loan transaction id loaded (like fineract_accounts).
CREATE TABLE fineract_loans (
  tenant_id TEXT NOT NULL,
  loan_id TEXT NOT NULL,
  fingerprint TEXT,
  synced_fingerprint TEXT,
  last_transaction_id INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, loan_id)
);
CREATE INDEX fineract_loans_dirty_idx ON fineract_loans (tenant_id, loan_id)
  WHERE fingerprint IS NOT synced_fingerprint;
