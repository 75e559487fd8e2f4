import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** The shard tables of src/modules/cases: evidence files and links (migrations/shard/0031_case_files.sql). */

/** Evidence files (every shard): mirrors the case_files table of 0031. */
export const CASE_FILE_KINDS = ["fraud", "aml"] as const;
export type CaseFileKind = (typeof CASE_FILE_KINDS)[number];

export const caseFiles = sqliteTable(
  "case_files",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    caseKind: text("case_kind", { enum: CASE_FILE_KINDS }).notNull(),
    caseId: text("case_id").notNull(),
    objectKey: text("object_key").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    description: text("description"),
    uploadedBy: text("uploaded_by").notNull(),
    actorKeyId: text("actor_key_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("case_files_case_idx").on(t.tenantId, t.caseKind, t.caseId, t.createdAt, t.id)],
);
export type CaseFileRow = typeof caseFiles.$inferSelect;

/**
 * Links between fraud cases, AML cases and alerts (every shard): mirrors the case_links table of
 * migrations/shard/0031_case_files.sql. Owned by src/modules/cases (links).
 */
export const LINK_KINDS = ["fraud_case", "aml_case", "alert"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const caseLinks = sqliteTable(
  "case_links",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    aKind: text("a_kind", { enum: LINK_KINDS }).notNull(),
    aId: text("a_id").notNull(),
    bKind: text("b_kind", { enum: LINK_KINDS }).notNull(),
    bId: text("b_id").notNull(),
    createdBy: text("created_by").notNull(),
    actorKeyId: text("actor_key_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("case_links_pair_idx").on(t.tenantId, t.aKind, t.aId, t.bKind, t.bId),
    index("case_links_b_idx").on(t.tenantId, t.bKind, t.bId),
  ],
);
export type CaseLinkRow = typeof caseLinks.$inferSelect;

/**
 * Team queues (every shard): mirrors case_queues of migrations/shard/0060_case_queues.sql. Owned by
 * src/modules/cases (queues). JSON arrays: kinds, typologies and members (empty kinds or
 * typologies match any).
 */
export const caseQueues = sqliteTable(
  "case_queues",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    name: text("name").notNull(),
    priority: integer("priority").notNull(),
    kinds: text("kinds", { mode: "json" }).$type<CaseFileKind[]>().notNull(),
    typologies: text("typologies", { mode: "json" }).$type<string[]>().notNull(),
    minRiskLevel: text("min_risk_level", { enum: ["low", "medium", "high", "critical"] }),
    members: text("members", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("case_queues_name_idx").on(t.tenantId, t.name),
    index("case_queues_priority_idx").on(t.tenantId, t.priority, t.createdAt, t.id),
  ],
);
export type CaseQueueRow = typeof caseQueues.$inferSelect;

/** Which queue a routed case went to (0060); risk is the level's rank, 1 (low) .. 4 (critical). */
export const caseQueueEntries = sqliteTable(
  "case_queue_entries",
  {
    tenantId: text("tenant_id").notNull(),
    caseKind: text("case_kind", { enum: CASE_FILE_KINDS }).notNull(),
    caseId: text("case_id").notNull(),
    queueId: text("queue_id").notNull(),
    dueAt: text("due_at"),
    risk: integer("risk").notNull(),
    routedAt: text("routed_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.caseKind, t.caseId] }),
    index("case_queue_entries_queue_idx").on(t.tenantId, t.queueId, t.dueAt, t.risk),
  ],
);
