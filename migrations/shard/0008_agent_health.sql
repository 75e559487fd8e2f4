-- Agent Health Index: the latest standard (30-day) snapshot per agent, so the portfolio
-- summary and the peer benchmarks filter, sort, page and aggregate in SQL over 100,000
-- agents. Rows are replaced (upsert) by each refresh (daily cron, on demand, or the first
-- portfolio read of a tenant). They are derived data: nothing here is a source of truth.
CREATE TABLE agent_health_snapshots (
  tenant_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  agent_code TEXT NOT NULL,
  agent_name TEXT,
  agent_tier TEXT NOT NULL,
  agent_status TEXT NOT NULL,
  region TEXT,
  ahi_score REAL NOT NULL,
  ahi_band TEXT NOT NULL CHECK (ahi_band IN ('excellent', 'good', 'fair', 'poor', 'critical')),
  flag_count INTEGER NOT NULL,
  critical_flag_count INTEGER NOT NULL,
  -- floatBalance / floatLimit (NULL when the limit is 0) and the float component score.
  float_utilization REAL,
  float_score REAL,
  float_balance_minor INTEGER NOT NULL,
  transaction_count INTEGER NOT NULL,
  transaction_volume_minor INTEGER NOT NULL,
  window_days INTEGER NOT NULL,
  calculation_version TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, agent_id)
);
-- One index per sort key (scanned backwards for desc); agent_id makes paging stable.
CREATE INDEX agent_health_ahi_idx ON agent_health_snapshots (tenant_id, ahi_score, agent_id);
CREATE INDEX agent_health_float_idx ON agent_health_snapshots (tenant_id, float_balance_minor, agent_id);
CREATE INDEX agent_health_volume_idx ON agent_health_snapshots (tenant_id, transaction_volume_minor, agent_id);
CREATE INDEX agent_health_code_idx ON agent_health_snapshots (tenant_id, agent_code, agent_id);
-- Peer groups (benchmarks and rankings).
CREATE INDEX agent_health_tier_idx ON agent_health_snapshots (tenant_id, agent_tier, ahi_score);
CREATE INDEX agent_health_region_idx ON agent_health_snapshots (tenant_id, region, ahi_score);

-- Peer benchmarks per tier and per region, rebuilt from the snapshots at the end of each
-- refresh (one window-function pass per dimension), so reads and peer comparisons are key
-- lookups instead of a sort of every agent.
CREATE TABLE agent_health_benchmarks (
  tenant_id TEXT NOT NULL,
  dimension TEXT NOT NULL CHECK (dimension IN ('tier', 'region')),
  group_value TEXT NOT NULL,
  sample_size INTEGER NOT NULL,
  avg_count REAL NOT NULL,
  avg_volume_minor REAL NOT NULL,
  avg_float REAL,
  avg_ahi REAL NOT NULL,
  p25 REAL NOT NULL,
  p50 REAL NOT NULL,
  p75 REAL NOT NULL,
  computed_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, dimension, group_value)
);
