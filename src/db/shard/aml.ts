import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** KYC/AML tables (every shard): mirrors migrations/shard/0005_aml.sql. */
/** No longer read: migration 0021 carried its rows into rule_set_heads (version 0 thresholds). */
export const amlThresholds = sqliteTable("aml_thresholds", {
  tenantId: text("tenant_id").primaryKey(),
  thresholds: text("thresholds", { mode: "json" }).$type<Record<string, number>>().notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const amlCases = sqliteTable(
  "aml_cases",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    ruleId: text("rule_id").notNull(),
    ruleName: text("rule_name").notNull(),
    caseType: text("case_type").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    riskLevel: text("risk_level").notNull(),
    status: text("status").notNull(),
    evidence: text("evidence", { mode: "json" }).$type<unknown[]>().notNull(),
    explanation: text("explanation").notNull(),
    correlationId: text("correlation_id").notNull(),
    windowDays: integer("window_days").notNull(),
    windowStart: text("window_start").notNull(),
    windowEnd: text("window_end").notNull(),
    createdAt: text("created_at").notNull(),
    lastEventAt: text("last_event_at").notNull(),
    eventCount: integer("event_count").notNull(),
    /** HMAC of the history's head under a Worker-held key (src/lib/case-anchor.ts); null before 0017. */
    headAnchor: text("head_anchor"),
    headAnchorKeyId: text("head_anchor_key_id"),
    /** The AML rule-set version of the evaluation that opened it (0023); null before. */
    ruleSetVersion: integer("rule_set_version"),
    ruleSetHash: text("rule_set_hash"),
  },
  (t) => [
    index("aml_cases_list_idx").on(t.tenantId, t.createdAt, t.id),
    index("aml_cases_status_idx").on(t.tenantId, t.status, t.createdAt, t.id),
    index("aml_cases_entity_idx").on(t.tenantId, t.entityType, t.entityId, t.createdAt, t.id),
    index("aml_cases_rule_idx").on(t.tenantId, t.ruleId, t.createdAt, t.id),
  ],
);

export const amlCaseHistory = sqliteTable(
  "aml_case_history",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    caseId: text("case_id").notNull(),
    sequence: integer("sequence").notNull(),
    /** created | transitioned | alert_added | rule_snoozed (0025); report_* goAML filing steps (0026 opened the list). */
    eventType: text("event_type", {
      enum: [
        "created",
        "transitioned",
        "alert_added",
        "rule_snoozed",
        "report_generated",
        "report_submitted",
        "report_accepted",
        "report_rejected",
      ],
    }).notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name"),
    /** The API key that authenticated the write (null: no key, e.g. a workflow); 0017. */
    actorKeyId: text("actor_key_id"),
    note: text("note"),
    createdAt: text("created_at").notNull(),
    previousHash: text("previous_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [uniqueIndex("aml_case_history_seq_uq").on(t.tenantId, t.caseId, t.sequence)],
);

export type AmlCaseRow = typeof amlCases.$inferSelect;
export type AmlCaseHistoryRow = typeof amlCaseHistory.$inferSelect;
