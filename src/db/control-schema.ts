import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Control database (CONTROL_DB): mirrors migrations/control. */
export const tenants = sqliteTable(
  "tenants",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    shard: integer("shard").notNull(),
    features: text("features", { mode: "json" }).$type<TenantFeatures>().notNull(),
    settings: text("settings", { mode: "json" }).$type<TenantSettings>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("tenants_created_idx").on(t.createdAt, t.id), index("tenants_shard_idx").on(t.shard)],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    expiresAt: text("expires_at"),
    revokedAt: text("revoked_at"),
    rotatedTo: text("rotated_to"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("api_keys_prefix_idx").on(t.prefix),
    index("api_keys_tenant_idx").on(t.tenantId, t.createdAt),
  ],
);

export const connectors = sqliteTable(
  "connectors",
  {
    tenantId: text("tenant_id").notNull(),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    config: text("config", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.type] })],
);

export interface TenantFeatures {
  agentNetwork?: boolean;
}

export interface TenantSettings {
  riskAlertThreshold?: number;
  currency?: string;
  /** Webhook subscriptions the tenant may hold (default 20; operator-set, 1..200). */
  maxWebhookSubscriptions?: number;
  [key: string]: unknown;
}

export type TenantRow = typeof tenants.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ConnectorRow = typeof connectors.$inferSelect;
