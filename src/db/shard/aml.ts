import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { CloseRequest } from "../../modules/cases/domain/work";

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
    /** HMAC of the history's head under a Worker-held key (src/modules/cases/domain/anchor.ts); null before 0017. */
    headAnchor: text("head_anchor"),
    headAnchorKeyId: text("head_anchor_key_id"),
    /** The AML rule-set version of the evaluation that opened it (0023); null before. */
    ruleSetVersion: integer("rule_set_version"),
    ruleSetHash: text("rule_set_hash"),
    /** Set when an erasure redacted personal fields (0040); never hashed. */
    redactedAt: text("redacted_at"),
    /** Case work (0028): written only with a history entry, in the same batch. */
    assigneeId: text("assignee_id"),
    assigneeName: text("assignee_name"),
    dueAt: text("due_at"),
    strDueAt: text("str_due_at"),
    slaBreachedDueAt: text("sla_breached_due_at"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    outcome: text("outcome"),
    closeRequest: text("close_request", { mode: "json" }).$type<CloseRequest | null>(),
  },
  (t) => [
    index("aml_cases_assignee_idx").on(t.tenantId, t.assigneeId, t.createdAt, t.id),
    index("aml_cases_due_idx").on(t.tenantId, t.dueAt),
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
    /** One of HISTORY_EVENT_TYPES (src/modules/aml/domain/history.ts); no CHECK since 0026. */
    eventType: text("event_type").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name"),
    /** The API key that authenticated the write (null: no key, e.g. a workflow); 0017. */
    actorKeyId: text("actor_key_id"),
    note: text("note"),
    /** Structured facts of the entry (assignee, tag, outcome, due date); hashed when set (0028). */
    details: text("details", { mode: "json" }).$type<Record<string, unknown> | null>(),
    createdAt: text("created_at").notNull(),
    previousHash: text("previous_hash").notNull(),
    hash: text("hash").notNull(),
    /** Set when an erasure redacted personal fields (0040); never hashed. */
    redactedAt: text("redacted_at"),
  },
  (t) => [uniqueIndex("aml_case_history_seq_uq").on(t.tenantId, t.caseId, t.sequence)],
);

/** One row per tag on a case, so the tag filter is an index lookup (0028). */
export const amlCaseTags = sqliteTable(
  "aml_case_tags",
  {
    tenantId: text("tenant_id").notNull(),
    tag: text("tag").notNull(),
    caseId: text("case_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.tag, t.caseId] })],
);

/**
 * The subjects of a case beyond the one it is opened on (0056): a network scheme's case lists each
 * participant with its role, so the case list's entity filter finds it from every one of them.
 * Written in the batch that opens the case (only if the case row was inserted), or added when a
 * later scheme of the same rule appends to it.
 */
export const amlCaseSubjects = sqliteTable(
  "aml_case_subjects",
  {
    tenantId: text("tenant_id").notNull(),
    caseId: text("case_id").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    role: text("role").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.caseId, t.entityType, t.entityId] }),
    index("aml_case_subjects_entity_idx").on(t.tenantId, t.entityType, t.entityId, t.caseId),
  ],
);

export type AmlCaseRow = typeof amlCases.$inferSelect;
export type AmlCaseHistoryRow = typeof amlCaseHistory.$inferSelect;
export type AmlCaseSubjectRow = typeof amlCaseSubjects.$inferSelect;
