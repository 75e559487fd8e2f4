import { eq, getTableColumns, gte, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TenantScope } from "../../db/client";
import { listOrder, type PageRequest, tablePage } from "../../db/keyset";
import {
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookSubscriptions,
} from "../../db/shard/webhooks";
import { tenantWhere, withTenant } from "../../db/tenant-tables";

export type Page = PageRequest;

export const changes = (result: unknown): number =>
  (result as { meta?: { changes?: number } }).meta?.changes ?? 0;

// ---- subscriptions ------------------------------------------------------------------------

const liveSubscription = (id: string) => [
  eq(webhookSubscriptions.id, id),
  isNull(webhookSubscriptions.deletedAt),
];

export const insertSubscription = (
  scope: TenantScope,
  row: Omit<typeof webhookSubscriptions.$inferInsert, "tenantId">,
) => scope.db.insert(webhookSubscriptions).values(row);

const liveSubscriptions = (scope: TenantScope) =>
  tenantWhere(scope, webhookSubscriptions, isNull(webhookSubscriptions.deletedAt));

/**
 * Inserts the row only while the tenant has fewer than `cap` live subscriptions: the count and
 * the insert are one statement, so concurrent creates cannot pass the cap together. For the
 * caller's db.batch; the statement changes no row when the cap was reached.
 */
export function insertSubscriptionUnderCap(
  scope: TenantScope,
  row: Omit<typeof webhookSubscriptions.$inferInsert, "tenantId">,
  cap: number,
) {
  const values: Record<string, unknown> = {
    ...withTenant(scope, row),
    eventTypes: JSON.stringify(row.eventTypes),
    enabled: row.enabled ? 1 : 0,
  };
  // INSERT ... SELECT lists the table's columns in declaration order: select the values in it.
  const selected = sql.join(
    Object.keys(getTableColumns(webhookSubscriptions)).map((name) => sql`${values[name] ?? null}`),
    sql`, `,
  );
  return scope.db
    .insert(webhookSubscriptions)
    .select(
      sql`SELECT ${selected} WHERE (SELECT count(*) FROM ${webhookSubscriptions} WHERE ${liveSubscriptions(scope)}) < ${cap}`,
    );
}

const subscriptionOrder = listOrder("webhook-subscriptions", webhookSubscriptions, {
  createdAt: "desc",
  id: "desc",
});
const deliveryOrder = listOrder("webhook-deliveries", webhookDeliveries, { createdAt: "desc", id: "desc" });

export function listSubscriptions(scope: TenantScope, page: Page) {
  const where = isNull(webhookSubscriptions.deletedAt);
  return tablePage(scope.db, webhookSubscriptions, subscriptionOrder, {}, [where], page);
}

export const findSubscription = (scope: TenantScope, id: string) =>
  scope.db
    .select()
    .from(webhookSubscriptions, ...liveSubscription(id))
    .get();

/**
 * The change and its audit entry in one batch; the entry is written only if a live subscription
 * was changed (onlyIfChanged). The updated row, or undefined when there was none.
 */
export async function updateSubscription(
  scope: TenantScope,
  id: string,
  patch: Partial<typeof webhookSubscriptions.$inferInsert>,
  audit: BatchItem<"sqlite">,
): Promise<WebhookSubscriptionRow | undefined> {
  const [rows] = await scope.db.batch([
    scope.db
      .update(webhookSubscriptions)
      .set(patch)
      .where(...liveSubscription(id))
      .returning(),
    audit,
  ]);
  return rows[0];
}

/** For a batch: the subscription stops receiving (410 Gone from its receiver). */
export const disableSubscription = (scope: TenantScope, id: string, reason: string, at: string) =>
  scope.db
    .update(webhookSubscriptions)
    .set({ enabled: false, disabledReason: reason, updatedAt: at })
    .where(eq(webhookSubscriptions.id, id));

/** Soft delete; deliveries still to be made end as dead ("subscription deleted"). */
export async function deleteSubscription(
  scope: TenantScope,
  id: string,
  at: string,
  audit: BatchItem<"sqlite">,
): Promise<boolean> {
  const [deleted] = await scope.db.batch([
    scope.db
      .update(webhookSubscriptions)
      .set({ deletedAt: at, updatedAt: at })
      .where(...liveSubscription(id)),
    // Right after the soft delete: an onlyIfChanged entry sees its changes().
    audit,
    scope.db
      .update(webhookDeliveries)
      .set({ status: "dead", nextAttemptAt: null, lastError: "subscription deleted", updatedAt: at })
      .where(
        eq(webhookDeliveries.subscriptionId, id),
        inArray(webhookDeliveries.status, ["pending", "retrying"]),
      ),
  ]);
  return changes(deleted) > 0;
}

// ---- deliveries -----------------------------------------------------------------------------

export interface DeliveryFilter {
  subscriptionId?: string;
  eventType?: string;
  status?: string;
  eventId?: string;
  createdAfter?: string;
}

export function listDeliveries(scope: TenantScope, filter: DeliveryFilter, page: Page) {
  const d = webhookDeliveries;
  const where = [
    filter.subscriptionId ? eq(d.subscriptionId, filter.subscriptionId) : undefined,
    filter.eventType ? eq(d.eventType, filter.eventType) : undefined,
    filter.status ? eq(d.status, filter.status as WebhookDeliveryRow["status"]) : undefined,
    filter.eventId ? eq(d.eventId, filter.eventId) : undefined,
    filter.createdAfter ? gte(d.createdAt, filter.createdAfter) : undefined,
  ];
  return tablePage(scope.db, d, deliveryOrder, filter, where, page);
}

export const findDelivery = (scope: TenantScope, id: string) =>
  scope.db.select().from(webhookDeliveries, eq(webhookDeliveries.id, id)).get();

export const listAttempts = (scope: TenantScope, deliveryId: string) =>
  scope.db
    .select()
    .from(webhookDeliveryAttempts, eq(webhookDeliveryAttempts.deliveryId, deliveryId))
    .orderBy(webhookDeliveryAttempts.attemptNumber)
    .all();

export const insertDelivery = (
  scope: TenantScope,
  row: Omit<typeof webhookDeliveries.$inferInsert, "tenantId">,
) => scope.db.insert(webhookDeliveries).values(row);
