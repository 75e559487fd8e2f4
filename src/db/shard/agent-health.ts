import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Latest AHI snapshot per agent (every shard): mirrors migrations/shard/0008_agent_health.sql. */
export const agentHealthSnapshots = sqliteTable(
  "agent_health_snapshots",
  {
    tenantId: text("tenant_id").notNull(),
    agentId: text("agent_id").notNull(),
    agentCode: text("agent_code").notNull(),
    agentName: text("agent_name"),
    agentTier: text("agent_tier").notNull(),
    agentStatus: text("agent_status").notNull(),
    region: text("region"),
    ahiScore: real("ahi_score").notNull(),
    ahiBand: text("ahi_band").notNull(),
    flagCount: integer("flag_count").notNull(),
    criticalFlagCount: integer("critical_flag_count").notNull(),
    floatUtilization: real("float_utilization"),
    floatScore: real("float_score"),
    floatBalanceMinor: integer("float_balance_minor").notNull(),
    transactionCount: integer("transaction_count").notNull(),
    transactionVolumeMinor: integer("transaction_volume_minor").notNull(),
    stockoutHoursP10: real("stockout_hours_p10"),
    stockoutHoursP50: real("stockout_hours_p50"),
    stockoutHoursP90: real("stockout_hours_p90"),
    stockoutProbability24h: real("stockout_probability_24h"),
    stockoutProbability72h: real("stockout_probability_72h"),
    cashStockoutHoursP50: real("cash_stockout_hours_p50"),
    suggestedRebalanceMinor: integer("suggested_rebalance_minor"),
    windowDays: integer("window_days").notNull(),
    calculationVersion: text("calculation_version").notNull(),
    computedAt: text("computed_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.agentId] }),
    index("agent_health_ahi_idx").on(t.tenantId, t.ahiScore, t.agentId),
    index("agent_health_float_idx").on(t.tenantId, t.floatBalanceMinor, t.agentId),
    index("agent_health_volume_idx").on(t.tenantId, t.transactionVolumeMinor, t.agentId),
    index("agent_health_code_idx").on(t.tenantId, t.agentCode, t.agentId),
    index("agent_health_tier_idx").on(t.tenantId, t.agentTier, t.ahiScore),
    index("agent_health_region_idx").on(t.tenantId, t.region, t.ahiScore),
    index("agent_health_stockout_idx").on(t.tenantId, t.stockoutHoursP50, t.agentId),
  ],
);

export type AgentHealthSnapshotRow = typeof agentHealthSnapshots.$inferSelect;

/** Peer benchmarks per tier / region, rebuilt at each refresh (0008_agent_health.sql). */
export const agentHealthBenchmarks = sqliteTable(
  "agent_health_benchmarks",
  {
    tenantId: text("tenant_id").notNull(),
    dimension: text("dimension", { enum: ["tier", "region"] }).notNull(),
    groupValue: text("group_value").notNull(),
    sampleSize: integer("sample_size").notNull(),
    avgCount: real("avg_count").notNull(),
    avgVolumeMinor: real("avg_volume_minor").notNull(),
    avgFloat: real("avg_float"),
    avgAhi: real("avg_ahi").notNull(),
    p25: real("p25").notNull(),
    p50: real("p50").notNull(),
    p75: real("p75").notNull(),
    computedAt: text("computed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.dimension, t.groupValue] })],
);

/** Balances the tenant reported for an agent (0037_agent_float.sql). */
export const agentFloatReports = sqliteTable(
  "agent_float_reports",
  {
    tenantId: text("tenant_id").notNull(),
    agentId: text("agent_id").notNull(),
    reportedAt: text("reported_at").notNull(),
    floatBalanceMinor: integer("float_balance_minor").notNull(),
    cashBalanceMinor: integer("cash_balance_minor"),
    recordedAt: text("recorded_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.agentId, t.reportedAt] })],
);

/** Each agent's latest stock-out episode (0037_agent_float.sql): agent.float_low once per episode. */
export const agentFloatEpisodes = sqliteTable(
  "agent_float_episodes",
  {
    tenantId: text("tenant_id").notNull(),
    agentId: text("agent_id").notNull(),
    seq: integer("seq").notNull(),
    openedAt: text("opened_at").notNull(),
    closedAt: text("closed_at"),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.agentId] })],
);

/** The tenant's typical agent for thin-history forecasts (0037_agent_float.sql). */
export const agentFloatDemandPools = sqliteTable("agent_float_demand_pools", {
  tenantId: text("tenant_id").primaryKey(),
  weeks: real("weeks").notNull(),
  transactions: real("transactions").notNull(),
  slots: text("slots", { mode: "json" }).$type<{ slot: number; sum: number; sumSq: number }[]>().notNull(),
  computedAt: text("computed_at").notNull(),
});

/** Progress of the tenant's latest portfolio refresh (0037_agent_float.sql). */
export const agentHealthRefreshRuns = sqliteTable("agent_health_refresh_runs", {
  tenantId: text("tenant_id").primaryKey(),
  computedAt: text("computed_at").notNull(),
  status: text("status", { enum: ["running", "completed"] }).notNull(),
  total: integer("total").notNull(),
  processed: integer("processed").notNull(),
  updatedAt: text("updated_at").notNull(),
});
