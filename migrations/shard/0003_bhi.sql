-- Business Health Index records: append-only history per customer. Only the is_latest flag
-- ever changes (1 -> 0, when a newer record arrives); the database refuses anything else.
-- Reasons are not stored: they are a pure function of the scores, weights and input metrics
-- (domain reasonsFor), rebuilt on read.
CREATE TABLE bhi_records (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  -- 1, 2, 3, ... per customer: orders history even when two records share a timestamp.
  version INTEGER NOT NULL,
  bhi_overall REAL NOT NULL,
  bhi_band TEXT NOT NULL CHECK (bhi_band IN ('excellent', 'good', 'fair', 'poor', 'critical')),
  liquidity_score REAL NOT NULL,
  volatility_score REAL NOT NULL,
  revenue_stability_score REAL NOT NULL,
  expense_ratio_score REAL NOT NULL,
  payment_behavior_score REAL NOT NULL,
  trend TEXT NOT NULL CHECK (trend IN ('improving', 'stable', 'declining', 'volatile')),
  previous_bhi REAL,
  bhi_change_percent REAL,
  is_significant_change INTEGER NOT NULL DEFAULT 0,
  input_metrics TEXT NOT NULL,
  alerts TEXT NOT NULL,
  alert_count INTEGER NOT NULL DEFAULT 0,
  component_weights TEXT NOT NULL,
  -- Overall scores of the last records up to this one, oldest first (for the trend).
  recent_scores TEXT NOT NULL,
  calculation_version TEXT NOT NULL,
  is_latest INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX bhi_records_version_uq ON bhi_records (tenant_id, customer_id, version);
-- At most one latest record per customer, and the index the summary and latest reads use.
CREATE UNIQUE INDEX bhi_records_latest_uq ON bhi_records (tenant_id, customer_id) WHERE is_latest = 1;
CREATE INDEX bhi_records_list_idx ON bhi_records (tenant_id, is_latest, created_at DESC, id DESC);
CREATE INDEX bhi_records_band_idx ON bhi_records (tenant_id, is_latest, bhi_band, created_at DESC, id DESC);
CREATE INDEX bhi_records_trend_idx ON bhi_records (tenant_id, is_latest, trend, created_at DESC, id DESC);

CREATE TRIGGER bhi_records_append_only BEFORE UPDATE OF
  id, tenant_id, customer_id, version, bhi_overall, bhi_band, liquidity_score, volatility_score,
  revenue_stability_score, expense_ratio_score, payment_behavior_score, trend, previous_bhi,
  bhi_change_percent, is_significant_change, input_metrics, alerts, alert_count,
  component_weights, recent_scores, calculation_version, created_at
ON bhi_records BEGIN
  SELECT RAISE(ABORT, 'bhi_records are append-only');
END;
CREATE TRIGGER bhi_records_latest_only_clears BEFORE UPDATE OF is_latest ON bhi_records
WHEN NEW.is_latest <> 0 BEGIN
  SELECT RAISE(ABORT, 'bhi_records.is_latest can only be cleared');
END;
CREATE TRIGGER bhi_records_no_delete BEFORE DELETE ON bhi_records BEGIN
  SELECT RAISE(ABORT, 'bhi_records are append-only');
END;

-- Calculations of more than 10,000 customers run on the jobs queue, a slice per message.
CREATE TABLE bhi_jobs (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'succeeded', 'failed')),
  weights TEXT NOT NULL,
  total INTEGER NOT NULL,
  processed INTEGER NOT NULL DEFAULT 0,
  successful INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  alert_count INTEGER NOT NULL DEFAULT 0,
  -- Last customer id done: the next slice starts after it (ids in ascending order).
  cursor TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX bhi_jobs_tenant_idx ON bhi_jobs (tenant_id, created_at DESC, id DESC);
