import { eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { webhookDeliveries, webhookDeliveryAttempts, webhookSubscriptions } from "../../../db/shard/webhooks";
import { changes } from "../repo";

// The delivery consumer's statements: claim, attempt, outcome, and the breaker's probe.

/** Half-open: only one consumer wins the right to probe an open breaker. */
export async function claimProbe(scope: TenantScope, id: string, now: string, probeUntil: string) {
  const result = await scope.db
    .update(webhookSubscriptions)
    .set({ breakerProbeUntil: probeUntil })
    .where(
      eq(webhookSubscriptions.id, id),
      lte(webhookSubscriptions.breakerOpenUntil, now),
      or(isNull(webhookSubscriptions.breakerProbeUntil), lte(webhookSubscriptions.breakerProbeUntil, now)),
    )
    .run();
  return changes(result) === 1;
}

/**
 * The breaker after an attempt, as domain/breaker.ts `afterAttempt` says, computed in SQL
 * so concurrent consumers count every failure.
 */
export function breakerOutcome(
  scope: TenantScope,
  id: string,
  succeeded: boolean,
  openUntilIfTripped: string,
  threshold: number,
) {
  const where = eq(webhookSubscriptions.id, id);
  if (succeeded) {
    return scope.db
      .update(webhookSubscriptions)
      .set({ consecutiveFailures: 0, breakerOpenUntil: null, breakerProbeUntil: null })
      .where(where);
  }
  return scope.db
    .update(webhookSubscriptions)
    .set({
      consecutiveFailures: sql`${webhookSubscriptions.consecutiveFailures} + 1`,
      breakerOpenUntil: sql`CASE WHEN ${webhookSubscriptions.consecutiveFailures} + 1 >= ${threshold} THEN ${openUntilIfTripped} ELSE ${webhookSubscriptions.breakerOpenUntil} END`,
      breakerProbeUntil: null,
    })
    .where(where);
}

/** The delivery and its subscription (deleted ones too) in one read: the consumer's hot path. */
export async function findDeliveryWithSubscription(scope: TenantScope, id: string) {
  const row = await scope.db
    .select({ delivery: webhookDeliveries, subscription: webhookSubscriptions })
    .from(webhookDeliveries, eq(webhookDeliveries.id, id))
    .leftJoin(
      webhookSubscriptions,
      scope.db.on(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId)),
    )
    .get();
  return row ?? null;
}

/**
 * Take the delivery for attempt `attemptNumber`: only if it is still to be made, that attempt
 * is the next one, and no other consumer holds it. Duplicate queue messages lose here.
 */
export async function claimDelivery(
  scope: TenantScope,
  id: string,
  attemptNumber: number,
  now: string,
  leaseUntil: string,
): Promise<boolean> {
  const d = webhookDeliveries;
  const result = await scope.db
    .update(d)
    .set({ leaseUntil })
    .where(
      eq(d.id, id),
      inArray(d.status, ["pending", "retrying"]),
      eq(d.attemptCount, attemptNumber - 1),
      or(isNull(d.leaseUntil), lte(d.leaseUntil, now)),
    )
    .run();
  return changes(result) === 1;
}

export const setDelivery = (
  scope: TenantScope,
  id: string,
  patch: Partial<typeof webhookDeliveries.$inferInsert>,
) => scope.db.update(webhookDeliveries).set(patch).where(eq(webhookDeliveries.id, id));

export const insertAttempt = (
  scope: TenantScope,
  row: Omit<typeof webhookDeliveryAttempts.$inferInsert, "tenantId">,
) => scope.db.insert(webhookDeliveryAttempts).values(row);
