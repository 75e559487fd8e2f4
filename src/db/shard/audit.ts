import { isNull } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * A tenant's own audited actions (every shard): mirrors migrations/shard/0015_audit_log.sql and
 * 0045_audit_chain.sql (seq: the row's place in the tenant's log; chain_hash, chain_key: set once
 * when the row is sealed into the chain, src/modules/audit/chain/service.ts).
 */
export const tenantAuditLog = sqliteTable(
  "tenant_audit_log",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    actorType: text("actor_type", { enum: ["operator", "api_key", "system"] }).notNull(),
    actorId: text("actor_id").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: text("before", { mode: "json" }).$type<Record<string, unknown>>(),
    after: text("after", { mode: "json" }).$type<Record<string, unknown>>(),
    requestId: text("request_id").notNull(),
    createdAt: text("created_at").notNull(),
    seq: integer("seq"),
    chainHash: text("chain_hash"),
    chainKey: text("chain_key"),
  },
  (t) => [
    index("tenant_audit_log_tenant_idx").on(t.tenantId, t.id),
    index("tenant_audit_log_action_idx").on(t.tenantId, t.action, t.id),
    uniqueIndex("tenant_audit_log_seq_idx").on(t.tenantId, t.seq),
    index("tenant_audit_log_unsealed_idx").on(t.tenantId, t.seq).where(isNull(t.chainHash)),
  ],
);

export type TenantAuditLogRow = typeof tenantAuditLog.$inferSelect;
