import type { WebhookDeliveryRow, WebhookSubscriptionRow } from "../../db/shard";
import type { TenantContext } from "../../db/tenant-context";
import { type WebhookConfig, webhookConfig } from "./config";
import { BREAKER_FAILURE_THRESHOLD, beforeSend } from "./domain/breaker";
import { planAfterAttempt, retryWindowExpired } from "./domain/schedule";
import * as repo from "./repo";
import { type AttemptRecord, type SendOptions, sendOnce } from "./send";

export type { SendOptions } from "./send";

const iso = (d: Date) => d.toISOString();

/**
 * Write one attempt and what follows from it, atomically: the attempt row, the delivery's
 * new status and schedule, the breaker (real deliveries only) and, on 410, the subscription.
 */
export async function recordAttempt(
  ctx: TenantContext,
  sub: WebhookSubscriptionRow,
  delivery: WebhookDeliveryRow,
  attemptNumber: number,
  record: AttemptRecord,
  config: WebhookConfig,
) {
  const now = record.attemptedAt;
  const plan = record.refused
    ? { status: "dead" as const, nextAttemptAt: null, disableSubscription: false }
    : delivery.isTest
      ? { ...planAfterAttempt(attemptNumber, record.result, now, []), disableSubscription: false }
      : planAfterAttempt(attemptNumber, record.result, now, config.retryDelays);
  const status = "status" in record.result ? record.result.status : null;
  const error =
    "error" in record.result
      ? record.result.error
      : status !== null && status >= 300
        ? `HTTP ${status}`
        : null;
  const statements = [
    repo.insertAttempt(ctx, {
      id: crypto.randomUUID(),
      deliveryId: delivery.id,
      attemptNumber,
      attemptedAt: iso(now),
      responseStatus: status,
      durationMs: record.durationMs,
      error,
      responseExcerpt: record.response.excerpt,
      responseSha256: record.response.bodySha256,
      responseBytes: record.response.bodyBytes,
    }),
    repo.setDelivery(ctx, delivery.id, {
      status: plan.status,
      attemptCount: attemptNumber,
      nextAttemptAt: plan.nextAttemptAt ? iso(plan.nextAttemptAt) : null,
      leaseUntil: null,
      lastAttemptAt: iso(now),
      lastResponseStatus: status,
      lastError: error,
      updatedAt: iso(now),
    }),
  ];
  const breakerUntouched =
    plan.status === "succeeded" && sub.consecutiveFailures === 0 && !sub.breakerOpenUntil;
  if (!delivery.isTest && !record.refused && !breakerUntouched) {
    // Where openUntil lands if this failure is the one that trips the breaker (domain/breaker.ts).
    const tripped = new Date(now.getTime() + config.breakerCooldownSeconds * 1000);
    statements.push(
      repo.breakerOutcome(
        ctx,
        sub.id,
        plan.status === "succeeded",
        iso(tripped),
        BREAKER_FAILURE_THRESHOLD,
      ) as never,
    );
  }
  if (plan.disableSubscription) {
    statements.push(repo.disableSubscription(ctx, sub.id, "receiver answered 410 Gone", iso(now)) as never);
  }
  await ctx.db.batch(statements as never);
  return plan;
}

export type ConsumeOutcome =
  | { kind: "skipped"; reason: string }
  | { kind: "deferred"; until: Date }
  | { kind: "attempted"; status: string; nextAttemptAt: Date | null };

// Longer than one attempt can take (10 s timeout, the excerpt read shares it, plus the writes).
const LEASE_SECONDS = 30;

/**
 * Handle one WEBHOOK_QUEUE message: skip stale or duplicate messages, respect the breaker,
 * make the attempt, record it, and enqueue the next one. Returns what happened (tests).
 */
export async function consumeDelivery(
  ctx: TenantContext,
  deliveryId: string,
  attemptNumber: number,
  options: SendOptions = {},
): Promise<ConsumeOutcome> {
  const config = webhookConfig(ctx.env);
  const now = ctx.clock.now();
  const found = await repo.findDeliveryWithSubscription(ctx, deliveryId);
  if (!found) return { kind: "skipped", reason: "no such delivery" };
  const { delivery, subscription: sub } = found;
  if (delivery.status === "succeeded" || delivery.status === "dead")
    return { kind: "skipped", reason: "finished" };
  if (delivery.attemptCount !== attemptNumber - 1) return { kind: "skipped", reason: "stale message" };

  const requeue = async (until: Date) => {
    const delaySeconds = Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
    await ctx.env.WEBHOOK_QUEUE.send(
      { tenantId: ctx.tenantId, deliveryId, attempt: attemptNumber },
      { delaySeconds },
    );
  };
  // Early (a sweep re-sent it, or the queue ran ahead): wait for the scheduled time.
  if (delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt) > now.getTime() + 1000) {
    const until = new Date(delivery.nextAttemptAt);
    await requeue(until);
    return { kind: "deferred", until };
  }

  if (retryWindowExpired(new Date(delivery.createdAt), now)) {
    await repo.setDelivery(ctx, deliveryId, {
      status: "dead",
      nextAttemptAt: null,
      lastError: "retry window of 24 hours exceeded",
      updatedAt: iso(now),
    });
    return { kind: "attempted", status: "dead", nextAttemptAt: null };
  }
  if (!sub || sub.deletedAt || !sub.enabled) {
    const reason =
      !sub || sub.deletedAt
        ? "subscription deleted"
        : `subscription disabled (${sub.disabledReason ?? "by the API"})`;
    await repo.setDelivery(ctx, deliveryId, {
      status: "dead",
      nextAttemptAt: null,
      lastError: reason,
      updatedAt: iso(now),
    });
    return { kind: "attempted", status: "dead", nextAttemptAt: null };
  }

  const decision = beforeSend(
    {
      consecutiveFailures: sub.consecutiveFailures,
      openUntil: sub.breakerOpenUntil ? new Date(sub.breakerOpenUntil) : null,
      probeUntil: sub.breakerProbeUntil ? new Date(sub.breakerProbeUntil) : null,
    },
    now,
  );
  let deferUntil: Date | null = decision.action === "defer" ? decision.until : null;
  if (
    decision.action === "probe" &&
    !(await repo.claimProbe(ctx, sub.id, iso(now), iso(decision.probeUntil)))
  ) {
    deferUntil = decision.probeUntil; // another consumer probes
  }
  if (deferUntil) {
    await repo.setDelivery(ctx, deliveryId, { nextAttemptAt: iso(deferUntil), updatedAt: iso(now) });
    await requeue(deferUntil);
    return { kind: "deferred", until: deferUntil };
  }

  const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000);
  if (!(await repo.claimDelivery(ctx, deliveryId, attemptNumber, iso(now), iso(leaseUntil)))) {
    return { kind: "skipped", reason: "another consumer holds it" };
  }
  const record = await sendOnce(sub, delivery, now, config, options);
  const plan = await recordAttempt(ctx, sub, delivery, attemptNumber, record, config);
  if (plan.status === "retrying" && plan.nextAttemptAt) {
    await ctx.env.WEBHOOK_QUEUE.send(
      { tenantId: ctx.tenantId, deliveryId, attempt: attemptNumber + 1 },
      { delaySeconds: Math.ceil((plan.nextAttemptAt.getTime() - now.getTime()) / 1000) },
    );
  }
  return { kind: "attempted", status: plan.status, nextAttemptAt: plan.nextAttemptAt };
}

/** A delivery whose messages crashed the consumer until the queue gave up: dead, visibly. */
export async function markDeadLettered(ctx: TenantContext, deliveryId: string): Promise<void> {
  const delivery = await repo.findDelivery(ctx, deliveryId);
  if (!delivery || delivery.status === "succeeded" || delivery.status === "dead") return;
  await repo.setDelivery(ctx, deliveryId, {
    status: "dead",
    nextAttemptAt: null,
    leaseUntil: null,
    lastError: "delivery processing failed repeatedly; moved to the dead-letter queue (replay to retry)",
    updatedAt: iso(ctx.clock.now()),
  });
}
