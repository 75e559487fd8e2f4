import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Tenant data tables (every shard): mirrors migrations/shard/0001_data.sql. */
export const customers = sqliteTable(
  "customers",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    externalId: text("external_id").notNull(),
    externalSource: text("external_source").notNull(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    status: text("status").notNull(),
    vertical: text("vertical"),
    riskLevel: text("risk_level"),
    riskScore: text("risk_score"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    businessInfo: text("business_info", { mode: "json" }).$type<Record<string, string>>().notNull(),
    /** The source system's own creation date (ingest `createdAt`); never scored. */
    sourceCreatedAt: text("source_created_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("customers_external_uq").on(t.tenantId, t.externalSource, t.externalId),
    index("customers_list_idx").on(t.tenantId, t.createdAt, t.id),
    index("customers_status_idx").on(t.tenantId, t.status, t.createdAt, t.id),
  ],
);

/**
 * The per-shard sequence behind each tenant's tag in the customer search index
 * (migrations/shard/0016_search_by_tenant.sql; the tag itself is the view customer_search_tags).
 * Written only by the customers triggers.
 */
export const customerSearchTenants = sqliteTable("customer_search_tenants", {
  seq: integer("seq").primaryKey(),
  tenantId: text("tenant_id").notNull().unique(),
});

export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id").notNull(),
    externalId: text("external_id").notNull(),
    externalSource: text("external_source").notNull(),
    type: text("type").notNull(),
    name: text("name"),
    status: text("status").notNull(),
    currency: text("currency").notNull(),
    currentBalanceMinor: integer("current_balance_minor").notNull(),
    availableBalanceMinor: integer("available_balance_minor"),
    creditLimitMinor: integer("credit_limit_minor"),
    sourceCreatedAt: text("source_created_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("accounts_external_uq").on(t.tenantId, t.externalSource, t.externalId),
    index("accounts_customer_idx").on(t.tenantId, t.customerId, t.createdAt, t.id),
  ],
);

export const transactions = sqliteTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id").notNull(),
    accountId: text("account_id").notNull(),
    agentId: text("agent_id"),
    externalId: text("external_id").notNull(),
    externalSource: text("external_source").notNull(),
    type: text("type", { enum: ["credit", "debit"] }).notNull(),
    category: text("category"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    description: text("description"),
    status: text("status").notNull(),
    transactionDate: text("transaction_date").notNull(),
    merchantName: text("merchant_name"),
    balanceAfterMinor: integer("balance_after_minor"),
    channel: text("channel"),
    counterpartyName: text("counterparty_name"),
    counterpartyAccount: text("counterparty_account"),
    counterpartyCountry: text("counterparty_country"),
    /** Flow class (migration 0036, docs/methodology/flows.md); null until ingest or the backfill classified it. */
    flow: text("flow"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("transactions_external_uq").on(t.tenantId, t.externalSource, t.externalId),
    index("transactions_list_idx").on(t.tenantId, t.transactionDate, t.id),
    index("transactions_customer_idx").on(t.tenantId, t.customerId, t.transactionDate, t.id),
    index("transactions_account_idx").on(t.tenantId, t.accountId, t.transactionDate, t.id),
  ],
);

export const agents = sqliteTable(
  "agents",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    agentId: text("agent_id").notNull(),
    externalId: text("external_id").notNull(),
    externalSource: text("external_source").notNull(),
    agentCode: text("agent_code").notNull(),
    agentName: text("agent_name"),
    agentType: text("agent_type").notNull(),
    agentTier: text("agent_tier").notNull(),
    agentStatus: text("agent_status").notNull(),
    floatBalanceMinor: integer("float_balance_minor").notNull(),
    floatLimitMinor: integer("float_limit_minor").notNull(),
    currency: text("currency").notNull(),
    region: text("region"),
    servesRegions: text("serves_regions", { mode: "json" }).$type<string[]>().notNull(),
    activatedAt: text("activated_at"),
    lastTransactionAt: text("last_transaction_at"),
    sourceCreatedAt: text("source_created_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("agents_agent_id_uq").on(t.tenantId, t.agentId)],
);

/**
 * Each tenant's row count of the four data tables, kept by triggers (migrations/shard/0033):
 * the total of an unfiltered data list (docs/decisions/pagination.md). Never written by code.
 */
export const dataRowCounts = sqliteTable(
  "data_row_counts",
  {
    tenantId: text("tenant_id").notNull(),
    tableName: text("table_name").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.tableName] })],
);

/** A tenant's category -> flow mapping (migration 0036); categories normalised (data/domain/flows.ts). */
export const flowMappings = sqliteTable(
  "flow_mappings",
  {
    tenantId: text("tenant_id").notNull(),
    category: text("category").notNull(),
    flow: text("flow").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.category] })],
);

/** The tenant's latest flow backfill: its key-range cursor over (transaction_date, id) and progress. */
export const flowBackfills = sqliteTable("flow_backfills", {
  tenantId: text("tenant_id").primaryKey(),
  id: text("id").notNull(),
  reason: text("reason").notNull(),
  status: text("status", { enum: ["running", "completed"] }).notNull(),
  afterDate: text("after_date"),
  afterId: text("after_id"),
  scanned: integer("scanned").notNull(),
  changed: integer("changed").notNull(),
  total: integer("total").notNull(),
  startedAt: text("started_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  completedAt: text("completed_at"),
});

export type CustomerRow = typeof customers.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type AgentRow = typeof agents.$inferSelect;

/** Peer-group statistics, derived from the tables above by data/peers (migrations/shard/0057_peer_groups.sql, docs/methodology/peers.md). */
export const peerGroupStats = sqliteTable(
  "peer_group_stats",
  {
    tenantId: text("tenant_id").notNull(),
    peerGroup: text("peer_group").notNull(),
    members: integer("members").notNull(),
    /** {feature: {median, mad, q90, q95, q99}} as JSON text. */
    stats: text("stats").notNull(),
    asOf: text("as_of").notNull(),
    computedAt: text("computed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.peerGroup] })],
);

/** The tenant's last peer refresh and the transaction count it saw. */
export const peerStatsRuns = sqliteTable("peer_stats_runs", {
  tenantId: text("tenant_id").primaryKey(),
  computedAt: text("computed_at").notNull(),
  asOf: text("as_of"),
  throughTransactions: integer("through_transactions").notNull(),
  entities: integer("entities").notNull(),
  groups: integer("groups").notNull(),
  durationMs: integer("duration_ms"),
});

export type PeerStatsRunRow = typeof peerStatsRuns.$inferSelect;
