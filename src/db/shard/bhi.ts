import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** BHI history (every shard): migrations/shard/0003_bhi.sql and 0013. Append-only. */
export const bhiRecords = sqliteTable(
  "bhi_records",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id").notNull(),
    version: integer("version").notNull(),
    bhiOverall: real("bhi_overall").notNull(),
    bhiBand: text("bhi_band").notNull(),
    liquidityScore: real("liquidity_score").notNull(),
    volatilityScore: real("volatility_score").notNull(),
    revenueStabilityScore: real("revenue_stability_score").notNull(),
    expenseRatioScore: real("expense_ratio_score").notNull(),
    paymentBehaviorScore: real("payment_behavior_score").notNull(),
    trend: text("trend").notNull(),
    previousBhi: real("previous_bhi"),
    bhiChangePercent: real("bhi_change_percent"),
    isSignificantChange: integer("is_significant_change", { mode: "boolean" }).notNull(),
    inputMetrics: text("input_metrics", { mode: "json" }).$type<Record<string, number>>().notNull(),
    alerts: text("alerts", { mode: "json" }).$type<unknown[]>().notNull(),
    alertCount: integer("alert_count").notNull(),
    componentWeights: text("component_weights", { mode: "json" }).$type<Record<string, number>>().notNull(),
    recentScores: text("recent_scores", { mode: "json" }).$type<number[]>().notNull(),
    calculationVersion: text("calculation_version").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("bhi_records_version_uq").on(t.tenantId, t.customerId, t.version),
    index("bhi_records_list_idx").on(t.tenantId, t.createdAt, t.version, t.id),
  ],
);

/**
 * Each customer's latest record (migration 0013): moved by the AFTER INSERT trigger on
 * bhi_records, never written by the application.
 */
export const bhiLatest = sqliteTable(
  "bhi_latest",
  {
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id").notNull(),
    recordId: text("record_id").notNull(),
    version: integer("version").notNull(),
    bhiOverall: real("bhi_overall").notNull(),
    bhiBand: text("bhi_band").notNull(),
    trend: text("trend").notNull(),
    alertCount: integer("alert_count").notNull(),
    recentScores: text("recent_scores", { mode: "json" }).$type<number[]>().notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.customerId] }),
    index("bhi_latest_list_idx").on(t.tenantId, t.createdAt, t.version, t.recordId),
    index("bhi_latest_band_idx").on(t.tenantId, t.bhiBand, t.createdAt, t.version, t.recordId),
    index("bhi_latest_trend_idx").on(t.tenantId, t.trend, t.createdAt, t.version, t.recordId),
  ],
);

export const bhiJobs = sqliteTable("bhi_jobs", {
  id: text("id").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  status: text("status", { enum: ["pending", "running", "succeeded", "failed"] }).notNull(),
  weights: text("weights", { mode: "json" }).$type<Record<string, number>>().notNull(),
  total: integer("total").notNull(),
  processed: integer("processed").notNull(),
  successful: integer("successful").notNull(),
  failed: integer("failed").notNull(),
  alertCount: integer("alert_count").notNull(),
  cursor: text("cursor"),
  error: text("error"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  completedAt: text("completed_at"),
});

/** Week numbers 0..11 (constant; migrations/shard/0011_bhi_perf.sql): the calculation's week loop. */
export const bhiWeekNumbers = sqliteTable("bhi_week_numbers", {
  k: integer("k").primaryKey(),
});

/** A stored record, with whether it is its customer's latest (from bhi_latest). */
export type BhiRecordRow = typeof bhiRecords.$inferSelect & { isLatest: boolean };
export type BhiJobRow = typeof bhiJobs.$inferSelect;
