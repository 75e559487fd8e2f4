import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Durable outbox of domain events (bhi.calculated, customer.risk_alert, ...). */
export const events = sqliteTable("events", {
  id: text("id").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  type: text("type").notNull(),
  data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  createdAt: text("created_at").notNull(),
  dispatchedAt: text("dispatched_at"),
});
