-- Agent float (docs/methodology/agent-health.md#float): balances the tenant reports, the
-- stock-out episode of each agent (agent.float_low fires once per episode), and the
-- forecast figures on the portfolio snapshot so the summary sorts and filters on them.
CREATE TABLE agent_float_reports (
  tenant_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  reported_at TEXT NOT NULL,
  float_balance_minor INTEGER NOT NULL CHECK (float_balance_minor >= 0),
  -- NULL when the tenant did not send the outlet's cash.
  cash_balance_minor INTEGER CHECK (cash_balance_minor IS NULL OR cash_balance_minor >= 0),
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, agent_id, reported_at)
);

-- One row per agent once a forecast has put it at risk: open (closed_at NULL) until the
-- forecast recovers; seq numbers the episodes so each one's event id is fixed.
CREATE TABLE agent_float_episodes (
  tenant_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  opened_at TEXT NOT NULL,
  closed_at TEXT,
  PRIMARY KEY (tenant_id, agent_id)
);

ALTER TABLE agent_health_snapshots ADD COLUMN stockout_hours_p10 REAL;
ALTER TABLE agent_health_snapshots ADD COLUMN stockout_hours_p50 REAL;
ALTER TABLE agent_health_snapshots ADD COLUMN stockout_hours_p90 REAL;
ALTER TABLE agent_health_snapshots ADD COLUMN stockout_probability_24h REAL;
ALTER TABLE agent_health_snapshots ADD COLUMN stockout_probability_72h REAL;
ALTER TABLE agent_health_snapshots ADD COLUMN cash_stockout_hours_p50 REAL;
ALTER TABLE agent_health_snapshots ADD COLUMN suggested_rebalance_minor INTEGER;
CREATE INDEX agent_health_stockout_idx ON agent_health_snapshots (tenant_id, stockout_hours_p50, agent_id);

-- The tenant's typical agent (per-slot demand sums per agent), written by each portfolio
-- refresh so a single agent's forecast with a thin history reads one row, not every agent's
-- transactions.
CREATE TABLE agent_float_demand_pools (
  tenant_id TEXT PRIMARY KEY,
  weeks REAL NOT NULL,
  transactions REAL NOT NULL,
  slots TEXT NOT NULL,
  computed_at TEXT NOT NULL
);

-- Progress of the tenant's latest portfolio refresh (with forecasts, a large portfolio runs
-- one queue message per slice of agents): GET /v1/agent-health/portfolio/refresh reads it.
CREATE TABLE agent_health_refresh_runs (
  tenant_id TEXT PRIMARY KEY,
  computed_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'completed')),
  total INTEGER NOT NULL,
  processed INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
