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

/**
 * The consumer's first and only round trip before the request: take the delivery for attempt
 * `attemptNumber` (only if it is still to be made, that attempt is the next one, it is due by
 * `dueBy`, and no other consumer holds it: duplicate messages lose here), and read it with its
 * subscription (deleted ones too) for the gate, in one batch.
 */
export async function claimAndRead(
  scope: TenantScope,
  id: string,
  attemptNumber: number,
  times: { now: string; dueBy: string; leaseUntil: string },
) {
  const d = webhookDeliveries;
  // Two plain reads, not a join: a D1 batch maps rows by column name, so a join's duplicate
  // names (id, tenant_id) would collide.
  const [claim, deliveries, subscriptions] = await scope.db.batch([
    scope.db
      .update(d)
      .set({ leaseUntil: times.leaseUntil })
      .where(
        eq(d.id, id),
        inArray(d.status, ["pending", "retrying"]),
        eq(d.attemptCount, attemptNumber - 1),
        or(isNull(d.nextAttemptAt), lte(d.nextAttemptAt, times.dueBy)),
        or(isNull(d.leaseUntil), lte(d.leaseUntil, times.now)),
      ),
    scope.db.select().from(d, eq(d.id, id)),
    scope.db
      .select()
      .from(
        webhookSubscriptions,
        inArray(webhookSubscriptions.id, scope.db.select({ id: d.subscriptionId }).from(d, eq(d.id, id))),
      ),
  ] as const);
  const delivery = deliveries[0];
  return {
    claimed: changes(claim) === 1,
    found: delivery ? { delivery, subscription: subscriptions[0] ?? null } : null,
  };
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
