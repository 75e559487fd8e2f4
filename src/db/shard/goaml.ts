import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** goAML filings (every shard): mirrors migrations/shard/0030_goaml.sql. */
export const GOAML_REPORT_KINDS = ["str", "ctr"] as const;
export const GOAML_REPORT_STATUSES = ["draft", "submitted", "accepted", "rejected"] as const;
export type GoamlReportKind = (typeof GOAML_REPORT_KINDS)[number];
export type GoamlReportStatus = (typeof GOAML_REPORT_STATUSES)[number];

/** The tenant's FIU profile and reporting entity (JSON); no row = the Ghana default. */
export const goamlProfiles = sqliteTable("goaml_profiles", {
  tenantId: text("tenant_id").primaryKey(),
  profile: text("profile", { mode: "json" }).$type<unknown>().notNull(),
  reportingEntity: text("reporting_entity", { mode: "json" }).$type<unknown>(),
  updatedAt: text("updated_at").notNull(),
});

export const goamlReports = sqliteTable(
  "goaml_reports",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    kind: text("kind", { enum: GOAML_REPORT_KINDS }).notNull(),
    caseId: text("case_id"),
    reportDay: text("report_day"),
    status: text("status", { enum: GOAML_REPORT_STATUSES }).notNull(),
    reportCode: text("report_code").notNull(),
    objectKey: text("object_key").notNull(),
    sha256: text("sha256").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    transactionCount: integer("transaction_count").notNull(),
    fiuRefNumber: text("fiu_ref_number"),
    resubmissionOf: text("resubmission_of"),
    prevRejectedRefNumber: text("prev_rejected_ref_number"),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("goaml_reports_case_idx").on(t.tenantId, t.caseId, t.createdAt, t.id),
    index("goaml_reports_kind_idx").on(t.tenantId, t.kind, t.createdAt, t.id),
  ],
);

export const goamlReportHistory = sqliteTable(
  "goaml_report_history",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    reportId: text("report_id").notNull(),
    fromStatus: text("from_status", { enum: GOAML_REPORT_STATUSES }),
    toStatus: text("to_status", { enum: GOAML_REPORT_STATUSES }).notNull(),
    fiuRefNumber: text("fiu_ref_number"),
    note: text("note"),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("goaml_report_history_from_uq").on(t.tenantId, t.reportId, t.fromStatus),
    index("goaml_report_history_report_idx").on(t.tenantId, t.reportId, t.createdAt),
  ],
);

export const goamlCtrRuns = sqliteTable(
  "goaml_ctr_runs",
  {
    tenantId: text("tenant_id").notNull(),
    day: text("day").notNull(),
    status: text("status", { enum: ["filed", "empty", "refused"] }).notNull(),
    ranAt: text("ran_at").notNull(),
    qualifyingCount: integer("qualifying_count").notNull(),
    reportId: text("report_id"),
    issues: text("issues", { mode: "json" }).$type<Array<{ path: string; message: string }>>(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

export const goamlSubjects = sqliteTable(
  "goaml_subjects",
  {
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id").notNull(),
    subject: text("subject", { mode: "json" }).$type<unknown>().notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.customerId] })],
);

export type GoamlReportRow = typeof goamlReports.$inferSelect;
export type GoamlReportHistoryRow = typeof goamlReportHistory.$inferSelect;
export type GoamlCtrRunRow = typeof goamlCtrRuns.$inferSelect;
