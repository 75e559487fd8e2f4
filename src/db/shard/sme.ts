import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** SME health (every shard): mirrors migrations/shard/0007_sme.sql. Both tables are append-only. */
export const smeAssessments = sqliteTable(
  "sme_assessments",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id").notNull(),
    windowDays: integer("window_days").notNull(),
    overallScore: real("overall_score").notNull(),
    confidenceScore: real("confidence_score").notNull(),
    cohortId: text("cohort_id").notNull(),
    benchmarkSnapshotId: text("benchmark_snapshot_id"),
    result: text("result", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    calculationVersion: text("calculation_version").notNull(),
    evaluatedAt: text("evaluated_at").notNull(),
  },
  (t) => [
    index("sme_assessments_customer_idx").on(t.tenantId, t.customerId, t.windowDays, t.evaluatedAt, t.id),
  ],
);

export const smeBenchmarkSnapshots = sqliteTable(
  "sme_benchmark_snapshots",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    windowDays: integer("window_days").notNull(),
    customerCount: integer("customer_count").notNull(),
    cohorts: text("cohorts", { mode: "json" }).$type<unknown[]>().notNull(),
    calculationVersion: text("calculation_version").notNull(),
    computedAt: text("computed_at").notNull(),
  },
  (t) => [index("sme_benchmark_snapshots_latest_idx").on(t.tenantId, t.windowDays, t.computedAt, t.id)],
);

export type SmeAssessmentRow = typeof smeAssessments.$inferSelect;
export type SmeBenchmarkSnapshotRow = typeof smeBenchmarkSnapshots.$inferSelect;
