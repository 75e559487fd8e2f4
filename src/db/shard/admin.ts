import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A tenant move's change log on its source shard (admin/moves; migrations/shard/0044): which
 * tenants are watched, and the keys of their rows written since. Shard-local, never copied;
 * written by triggers and read by src/db/move-log.ts.
 */
export const moveWatches = sqliteTable("move_watches", {
  tenantId: text("tenant_id").primaryKey(),
  startedAt: text("started_at").notNull(),
});

export const moveChanges = sqliteTable(
  "move_changes",
  {
    seq: integer("seq").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    tableName: text("table_name").notNull(),
    rowKey: text("row_key").notNull(),
  },
  (t) => [index("move_changes_tenant_idx").on(t.tenantId, t.seq)],
);
