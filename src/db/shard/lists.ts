import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Tenant lists (every shard): mirrors migrations/shard/0022_lists.sql. */
export const LIST_KINDS = ["high_risk_countries", "watchlist", "allowlist"] as const;
export const LIST_ENTRY_TYPES = [
  "country",
  "name",
  "phone",
  "account_number",
  "counterparty",
  "entity",
] as const;
export const ALLOWLIST_ENTITY_TYPES = ["customer", "account", "agent", "merchant", "counterparty"] as const;
export const LIST_HISTORY_ACTIONS = [
  "list.created",
  "list.updated",
  "list.archived",
  "entry.added",
  "entry.removed",
] as const;

export const lists = sqliteTable(
  "lists",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: LIST_KINDS }).notNull(),
    entryType: text("entry_type", { enum: LIST_ENTRY_TYPES }).notNull(),
    description: text("description"),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    archivedAt: text("archived_at"),
  },
  (t) => [index("lists_page_idx").on(t.tenantId, t.kind, t.createdAt, t.id)],
);

export const listEntries = sqliteTable(
  "list_entries",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    listId: text("list_id").notNull(),
    /** Normalized; allowlists: "<entityType>:<entityId>:<ruleId or *>". */
    value: text("value").notNull(),
    originalValue: text("original_value").notNull(),
    entityType: text("entity_type", { enum: ALLOWLIST_ENTITY_TYPES }),
    entityId: text("entity_id"),
    ruleId: text("rule_id"),
    expiresAt: text("expires_at"),
    note: text("note"),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("list_entries_value_uq").on(t.tenantId, t.listId, t.value),
    index("list_entries_entity_idx").on(t.tenantId, t.entityType, t.entityId),
  ],
);

/** Append-only (triggers refuse UPDATE and DELETE). */
export const listHistory = sqliteTable(
  "list_history",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    listId: text("list_id").notNull(),
    action: text("action", { enum: LIST_HISTORY_ACTIONS }).notNull(),
    actorType: text("actor_type", { enum: ["operator", "api_key", "system"] }).notNull(),
    actorId: text("actor_id").notNull(),
    entryId: text("entry_id"),
    value: text("value"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    requestId: text("request_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("list_history_page_idx").on(t.tenantId, t.listId, t.createdAt, t.id)],
);

export type ListRow = typeof lists.$inferSelect;
export type ListEntryRow = typeof listEntries.$inferSelect;
export type ListHistoryRow = typeof listHistory.$inferSelect;
