import { index, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Shard migration 0049 (docs/methodology/sanctions.md). */
export const sanctionsSettings = sqliteTable("sanctions_settings", {
  tenantId: text("tenant_id").primaryKey(),
  listIds: text("list_ids", { mode: "json" }).$type<string[]>().notNull(),
  threshold: real("threshold").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const sanctionsCases = sqliteTable(
  "sanctions_cases",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    subjectType: text("subject_type", { enum: ["customer", "counterparty"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    subjectName: text("subject_name").notNull(),
    listId: text("list_id").notNull(),
    entryRef: text("entry_ref").notNull(),
    entryHash: text("entry_hash").notNull(),
    matchedName: text("matched_name").notNull(),
    score: real("score").notNull(),
    hit: text("hit", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    source: text("source").notNull(),
    /** Migration 0062: the transactions whose counterparty matched, most recent first (at most 50). */
    transactionIds: text("transaction_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    state: text("state", { enum: ["potential_match", "confirmed", "false_positive"] }).notNull(),
    reason: text("reason"),
    clearRequestedBy: text("clear_requested_by"),
    clearRequestedAt: text("clear_requested_at"),
    clearReason: text("clear_reason"),
    decidedBy: text("decided_by"),
    decidedAt: text("decided_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("sanctions_cases_list_idx").on(t.tenantId, t.createdAt, t.id)],
);

export const sanctionsClearances = sqliteTable(
  "sanctions_clearances",
  {
    tenantId: text("tenant_id").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    listId: text("list_id").notNull(),
    entryRef: text("entry_ref").notNull(),
    entryHash: text("entry_hash").notNull(),
    caseId: text("case_id").notNull(),
    clearedAt: text("cleared_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.subjectType, t.subjectId, t.listId, t.entryRef] })],
);
