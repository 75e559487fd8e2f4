import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { CloseRequest } from "../../modules/cases/domain/work";

/** Fraud cases: mirrors migrations/shard/0004_fraud.sql (cases and events are append-only). */
export const fraudCases = sqliteTable(
  "fraud_cases",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    alertId: text("alert_id").notNull(),
    correlationId: text("correlation_id").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    severity: text("severity").notNull(),
    overallScore: real("overall_score").notNull(),
    title: text("title").notNull(),
    summary: text("summary"),
    triggeredSignals: text("triggered_signals", { mode: "json" })
      .$type<Record<string, unknown>[]>()
      .notNull(),
    explainability: text("explainability", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    windowDays: integer("window_days").notNull(),
    windowStart: text("window_start"),
    windowEnd: text("window_end"),
    disclaimer: text("disclaimer").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: text("created_at").notNull(),
    /** The fraud rule-set version of the evaluation that opened it (0023); null otherwise. */
    ruleSetVersion: integer("rule_set_version"),
    ruleSetHash: text("rule_set_hash"),
    /** Set when an erasure redacted personal fields (0040); never hashed. */
    redactedAt: text("redacted_at"),
  },
  (t) => [
    uniqueIndex("fraud_cases_alert_uq").on(t.tenantId, t.alertId),
    index("fraud_cases_list_idx").on(t.tenantId, t.createdAt, t.id),
  ],
);

export const fraudCaseEvents = sqliteTable(
  "fraud_case_events",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    caseId: text("case_id").notNull(),
    eventSequence: integer("event_sequence").notNull(),
    eventType: text("event_type").notNull(),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name"),
    /** The API key that authenticated the write (null: no key, e.g. a workflow); 0017. */
    actorKeyId: text("actor_key_id"),
    previousStatus: text("previous_status"),
    newStatus: text("new_status"),
    assigneeId: text("assignee_id"),
    assigneeName: text("assignee_name"),
    noteContent: text("note_content"),
    noteType: text("note_type"),
    evidenceType: text("evidence_type"),
    evidenceReference: text("evidence_reference", { mode: "json" }).$type<Record<string, unknown> | null>(),
    resolution: text("resolution", { mode: "json" }).$type<Record<string, unknown> | null>(),
    correlationId: text("correlation_id").notNull(),
    createdAt: text("created_at").notNull(),
    previousHash: text("previous_hash").notNull(),
    hash: text("hash").notNull(),
    /** Set when an erasure redacted personal fields (0040); never hashed. */
    redactedAt: text("redacted_at"),
  },
  (t) => [uniqueIndex("fraud_case_events_seq_uq").on(t.caseId, t.eventSequence)],
);

/** Projection of each case's events (current status, last event, chain head, case work 0028). */
export const fraudCaseHeads = sqliteTable(
  "fraud_case_heads",
  {
    caseId: text("case_id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    currentStatus: text("current_status").notNull(),
    lastEventAt: text("last_event_at").notNull(),
    lastSequence: integer("last_sequence").notNull(),
    headHash: text("head_hash").notNull(),
    /** HMAC of the head under a Worker-held key (src/modules/cases/domain/anchor.ts); null before 0017. */
    headAnchor: text("head_anchor"),
    headAnchorKeyId: text("head_anchor_key_id"),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    severity: text("severity").notNull(),
    overallScore: real("overall_score").notNull(),
    createdAt: text("created_at").notNull(),
    assigneeId: text("assignee_id"),
    assigneeName: text("assignee_name"),
    dueAt: text("due_at"),
    /** The due date whose breach was recorded (once per case and due date). */
    slaBreachedDueAt: text("sla_breached_due_at"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    outcome: text("outcome"),
    closeRequest: text("close_request", { mode: "json" }).$type<CloseRequest | null>(),
  },
  (t) => [
    index("fraud_case_heads_assignee_idx").on(t.tenantId, t.assigneeId, t.createdAt, t.caseId),
    index("fraud_case_heads_due_idx").on(t.tenantId, t.dueAt),
  ],
);

/** One row per tag on a case, so the tag filter is an index lookup (0028). */
export const fraudCaseTags = sqliteTable(
  "fraud_case_tags",
  {
    tenantId: text("tenant_id").notNull(),
    tag: text("tag").notNull(),
    caseId: text("case_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.tag, t.caseId] })],
);

export type FraudCaseRow = typeof fraudCases.$inferSelect;
export type FraudCaseEventRow = typeof fraudCaseEvents.$inferSelect;
export type FraudCaseHeadRow = typeof fraudCaseHeads.$inferSelect;
