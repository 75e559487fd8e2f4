import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Idempotency keys of tenant POSTs (every shard): mirrors migrations/shard/0027_idempotency_keys.sql. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    tenantId: text("tenant_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["in_flight", "done"] }).notNull(),
    status: integer("status"),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    body: text("body"),
    createdAt: text("created_at").notNull(),
    lockedUntil: text("locked_until").notNull(),
    expiresAt: text("expires_at").notNull(),
    /** The id of what the keyed request created, written in the create's batch (0065). */
    createdId: text("created_id"),
    /** The secret that creation showed once, sealed; cleared when the answer is stored (0069). */
    createdSecret: text("created_secret"),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] }), index("idempotency_keys_expiry_idx").on(t.expiresAt)],
);
