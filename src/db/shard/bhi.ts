import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** BHI history (every shard): mirrors migrations/shard/0003_bhi.sql. Append-only but for isLatest. */
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
    isLatest: integer("is_latest", { mode: "boolean" }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("bhi_records_version_uq").on(t.tenantId, t.customerId, t.version),
    index("bhi_records_list_idx").on(t.tenantId, t.isLatest, t.createdAt, t.id),
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

export type BhiRecordRow = typeof bhiRecords.$inferSelect;
export type BhiJobRow = typeof bhiJobs.$inferSelect;
