import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Webhook tables (every shard): mirrors migrations/shard/0006_webhooks.sql. */
export const webhookSubscriptions = sqliteTable(
  "webhook_subscriptions",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    url: text("url").notNull(),
    description: text("description"),
    eventTypes: text("event_types", { mode: "json" }).$type<string[]>().notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    disabledReason: text("disabled_reason"),
    /** Sealed (src/lib/sealed.ts); plaintext only in rows written before sealing. */
    secret: text("secret").notNull(),
    secretPrefix: text("secret_prefix").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: text("previous_secret_expires_at"),
    consecutiveFailures: integer("consecutive_failures").notNull(),
    breakerOpenUntil: text("breaker_open_until"),
    breakerProbeUntil: text("breaker_probe_until"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    deletedAt: text("deleted_at"),
  },
  (t) => [index("webhook_subscriptions_list_idx").on(t.tenantId, t.createdAt, t.id)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    eventCreatedAt: text("event_created_at").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "retrying", "succeeded", "dead"] }).notNull(),
    attemptCount: integer("attempt_count").notNull(),
    nextAttemptAt: text("next_attempt_at"),
    leaseUntil: text("lease_until"),
    lastAttemptAt: text("last_attempt_at"),
    lastResponseStatus: integer("last_response_status"),
    lastError: text("last_error"),
    replayOf: text("replay_of"),
    isTest: integer("is_test", { mode: "boolean" }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_uq").on(t.tenantId, t.subscriptionId, t.eventId),
    index("webhook_deliveries_list_idx").on(t.tenantId, t.createdAt, t.id),
  ],
);

export const webhookDeliveryAttempts = sqliteTable(
  "webhook_delivery_attempts",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    deliveryId: text("delivery_id").notNull(),
    attemptNumber: integer("attempt_number").notNull(),
    attemptedAt: text("attempted_at").notNull(),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    /** Sanitised, at most 256 characters, 2xx answers only (0019_webhook_caps.sql). */
    responseExcerpt: text("response_excerpt"),
    responseSha256: text("response_sha256"),
    responseBytes: integer("response_bytes"),
  },
  (t) => [uniqueIndex("webhook_delivery_attempts_uq").on(t.tenantId, t.deliveryId, t.attemptNumber)],
);

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookDeliveryAttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
