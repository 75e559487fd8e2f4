import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { RuleSetContent, RuleSetKind } from "../../modules/rules/domain/document";
import { PUBLICATION_ACTIONS } from "../../modules/rules/domain/publication";

/** Rule sets (every shard): mirrors migrations/shard/0021_rule_sets.sql. */
const kind = () =>
  text("kind", { enum: ["fraud", "aml"] })
    .$type<RuleSetKind>()
    .notNull();
const content = () => text("content", { mode: "json" }).$type<RuleSetContent>().notNull();

export const ruleSetDrafts = sqliteTable(
  "rule_set_drafts",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    kind: kind(),
    content: content(),
    contentHash: text("content_hash").notNull(),
    basedOnVersion: integer("based_on_version").notNull(),
    revision: integer("revision").notNull(),
    editors: text("editors", { mode: "json" }).$type<string[]>().notNull(),
    createdBy: text("created_by").notNull(),
    updatedBy: text("updated_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("rule_set_drafts_one_per_kind").on(t.tenantId, t.kind)],
);

/** Immutable: triggers refuse UPDATE and DELETE. */
export const ruleSetVersions = sqliteTable(
  "rule_set_versions",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    kind: kind(),
    version: integer("version").notNull(),
    content: content(),
    contentHash: text("content_hash").notNull(),
    basedOnVersion: integer("based_on_version").notNull(),
    fromDraftId: text("from_draft_id"),
    createdBy: text("created_by").notNull(),
    updatedBy: text("updated_by").notNull(),
    publishedBy: text("published_by").notNull(),
    createdAt: text("created_at").notNull(),
    publishedAt: text("published_at").notNull(),
  },
  (t) => [uniqueIndex("rule_set_versions_number").on(t.tenantId, t.kind, t.version)],
);

export const ruleSetHeads = sqliteTable(
  "rule_set_heads",
  {
    tenantId: text("tenant_id").notNull(),
    kind: kind(),
    liveVersion: integer("live_version").notNull(),
    legacyThresholds: text("legacy_thresholds", { mode: "json" }).$type<Record<string, number>>(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);

/** Append-only: triggers refuse UPDATE and DELETE. */
export const ruleSetPublications = sqliteTable(
  "rule_set_publications",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    kind: kind(),
    version: integer("version").notNull(),
    action: text("action", { enum: PUBLICATION_ACTIONS }).notNull(),
    actorKeyId: text("actor_key_id").notNull(),
    fromDraftId: text("from_draft_id"),
    basedOnVersion: integer("based_on_version").notNull(),
    rolledBackTo: integer("rolled_back_to"),
    reason: text("reason"),
    contentHash: text("content_hash").notNull(),
    publishedAt: text("published_at").notNull(),
  },
  (t) => [index("rule_set_publications_by_kind").on(t.tenantId, t.kind, t.version)],
);

export type RuleSetDraftRow = typeof ruleSetDrafts.$inferSelect;
export type RuleSetVersionRow = typeof ruleSetVersions.$inferSelect;
export type RuleSetPublicationRow = typeof ruleSetPublications.$inferSelect;
