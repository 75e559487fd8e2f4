-- SME health assessments: one row per POST /v1/sme-health/calculate, append-only. The whole
-- response (health, cohort placement, narrative) is kept as calculated, so a stored
-- assessment reads back exactly as it was answered, with the benchmark snapshot it used.
CREATE TABLE sme_assessments (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  window_days INTEGER NOT NULL CHECK (window_days BETWEEN 7 AND 365),
  overall_score REAL NOT NULL,
  confidence_score REAL NOT NULL,
  cohort_id TEXT NOT NULL,
  benchmark_snapshot_id TEXT,
  -- JSON: {health, cohort, narrative}
  result TEXT NOT NULL,
  calculation_version TEXT NOT NULL,
  evaluated_at TEXT NOT NULL
);
-- The latest assessment of a customer for a window (GET /v1/sme-health/{customerId}).
CREATE INDEX sme_assessments_customer_idx ON sme_assessments (tenant_id, customer_id, window_days, evaluated_at DESC, id DESC);

CREATE TRIGGER sme_assessments_no_update BEFORE UPDATE ON sme_assessments BEGIN
  SELECT RAISE(ABORT, 'sme_assessments are append-only');
END;
CREATE TRIGGER sme_assessments_no_delete BEFORE DELETE ON sme_assessments BEGIN
  SELECT RAISE(ABORT, 'sme_assessments are append-only');
END;

-- Cohort benchmark snapshots: every cohort's distribution of every metric over the tenant's
-- active customers for a window, computed in one pass (daily cron, or on demand when the
-- latest is older than a day). Append-only; the newest per (tenant, window) is current.
CREATE TABLE sme_benchmark_snapshots (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  window_days INTEGER NOT NULL CHECK (window_days BETWEEN 7 AND 365),
  customer_count INTEGER NOT NULL,
  -- JSON: array of {cohortId, sampleSize, metrics: {name: {p25, p50, p75, mean, quantiles}}}
  cohorts TEXT NOT NULL,
  calculation_version TEXT NOT NULL,
  computed_at TEXT NOT NULL
);
CREATE INDEX sme_benchmark_snapshots_latest_idx ON sme_benchmark_snapshots (tenant_id, window_days, computed_at DESC, id DESC);

CREATE TRIGGER sme_benchmark_snapshots_no_update BEFORE UPDATE ON sme_benchmark_snapshots BEGIN
  SELECT RAISE(ABORT, 'sme_benchmark_snapshots are append-only');
END;
CREATE TRIGGER sme_benchmark_snapshots_no_delete BEFORE DELETE ON sme_benchmark_snapshots BEGIN
  SELECT RAISE(ABORT, 'sme_benchmark_snapshots are append-only');
END;
