import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** A tenant's named users (every shard): mirrors migrations/shard/0061_tenant_users.sql. */
export const tenantUsers = sqliteTable(
  "tenant_users",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    roles: text("roles", { mode: "json" }).$type<string[]>().notNull(),
    disabled: integer("disabled", { mode: "boolean" }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("tenant_users_email_idx").on(t.tenantId, t.email),
    index("tenant_users_list_idx").on(t.tenantId, t.createdAt, t.id),
  ],
);
export type TenantUserRow = typeof tenantUsers.$inferSelect;
