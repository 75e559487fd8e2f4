import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Erasure and offboarding maintenance (every shard): mirrors migrations/shard/0040_offboarding_erasure.sql
 * and the one permit table of 0041.
 */

/**
 * Permission for one tenant's writes past the shard's append-only guards ('erasure': redact;
 * 'purge', 'move_in': anything, derived-row triggers stood aside too). A move holds one across
 * messages where the tenant is not live; offboarding and erasure insert and delete theirs inside
 * one db.batch (src/db/maintenance.ts, the only writer).
 */
export const maintenancePermits = sqliteTable(
  "maintenance_permits",
  {
    tenantId: text("tenant_id").notNull(),
    kind: text("kind", { enum: ["move_in", "purge", "erasure"] }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);

/** A data-subject erasure request and its progress (a queue job walks the tenant's tables). */
export const customerErasures = sqliteTable(
  "customer_erasures",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id").notNull(),
    status: text("status", { enum: ["running", "completed"] }).notNull(),
    step: integer("step").notNull().default(0),
    tableIndex: integer("table_index").notNull().default(0),
    cursor: text("cursor"),
    /** The subject's values searched for (JSON strings); null once the erasure completed. */
    searchValues: text("search_values", { mode: "json" }).$type<string[] | null>(),
    rowsRedacted: integer("rows_redacted").notNull().default(0),
    objectsDeleted: integer("objects_deleted").notNull().default(0),
    requestedBy: text("requested_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [index("customer_erasures_customer_idx").on(t.tenantId, t.customerId)],
);

export type CustomerErasureRow = typeof customerErasures.$inferSelect;

/**
 * A customer's key for personal text inside chained records (migrations/shard/0047): 32 random
 * bytes, sealed with SECRETS_KEY. An erasure deletes the row; what it sealed stays unreadable.
 */
export const subjectKeys = sqliteTable(
  "subject_keys",
  {
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id").notNull(),
    sealedKey: text("sealed_key").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.customerId] })],
);

export type SubjectKeyRow = typeof subjectKeys.$inferSelect;
