import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Links between fraud cases, AML cases and alerts (every shard): mirrors the case_links table of
 * migrations/shard/0031_case_files.sql. Owned by src/modules/case-links.
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
