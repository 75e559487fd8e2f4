import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Evidence files (every shard): mirrors migrations/shard/0031_case_files.sql (case_links: ./case-links.ts). */
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
