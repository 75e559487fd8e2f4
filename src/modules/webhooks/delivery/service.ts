import type { WebhookDeliveryRow, WebhookSubscriptionRow } from "../../../db/shard/webhooks";
import type { TenantContext } from "../../../db/tenant-context";
import { BREAKER_FAILURE_THRESHOLD } from "../domain/breaker";
import {
  type AttemptChanges,
  attemptChanges,
  delaySecondsUntil,
  dueBy,
  gateDelivery,
} from "../domain/consume";
import { disableSubscription, findDelivery } from "../repo";
import { type AttemptRecord, type SendOptions, sendOnce } from "./client";
import { type WebhookConfig, webhookConfig } from "./config";
import * as repo from "./repo";

export type { SendOptions } from "./client";

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
  const changes = attemptChanges({
    attemptNumber,
    result: record.result,
    refused: record.refused,
    isTest: delivery.isTest,
    now: record.attemptedAt,
    subscription: sub,
    retryDelays: config.retryDelays,
    breakerCooldownSeconds: config.breakerCooldownSeconds,
  });
  await ctx.db.batch(attemptStatements(ctx, sub.id, delivery.id, attemptNumber, record, changes) as never);
  return changes.plan;
}

/** The write step of an attempt: its statements, sent as one batch. */
function attemptStatements(
  ctx: TenantContext,
  subscriptionId: string,
  deliveryId: string,
  attemptNumber: number,
  record: AttemptRecord,
  { plan, responseStatus, error, breaker }: AttemptChanges,
) {
  const now = iso(record.attemptedAt);
  return [
    repo.insertAttempt(ctx, {
      id: crypto.randomUUID(),
      deliveryId,
      attemptNumber,
      attemptedAt: now,
      responseStatus,
      durationMs: record.durationMs,
      error,
      responseExcerpt: record.response.excerpt,
      responseSha256: record.response.bodySha256,
      responseBytes: record.response.bodyBytes,
    }),
    repo.setDelivery(ctx, deliveryId, {
      status: plan.status,
      attemptCount: attemptNumber,
      nextAttemptAt: plan.nextAttemptAt ? iso(plan.nextAttemptAt) : null,
      leaseUntil: null,
      lastAttemptAt: now,
      lastResponseStatus: responseStatus,
      lastError: error,
      updatedAt: now,
    }),
    ...(breaker
      ? [
          repo.breakerOutcome(
            ctx,
            subscriptionId,
            breaker.succeeded,
            iso(breaker.openUntilIfTripped),
            BREAKER_FAILURE_THRESHOLD,
          ) as never,
        ]
      : []),
    ...(plan.disableSubscription
      ? [disableSubscription(ctx, subscriptionId, "receiver answered 410 Gone", now) as never]
      : []),
  ];
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
 * The decisions are gateDelivery's and attemptChanges's (domain/consume.ts). Two D1 round
 * trips on the usual path: claim-and-read, then the attempt's record.
 */
export async function consumeDelivery(
  ctx: TenantContext,
  deliveryId: string,
  attemptNumber: number,
  options: SendOptions = {},
): Promise<ConsumeOutcome> {
  const config = webhookConfig(ctx.env);
  const now = ctx.clock.now();
  const { claimed, found } = await repo.claimAndRead(ctx, deliveryId, attemptNumber, {
    now: iso(now),
    dueBy: iso(dueBy(now)),
    leaseUntil: iso(new Date(now.getTime() + LEASE_SECONDS * 1000)),
  });
  const gate = gateDelivery(found, attemptNumber, now);
  switch (gate.kind) {
    case "skip":
      return { kind: "skipped", reason: gate.reason };
    case "wait": // never claimed: the claim takes only due deliveries
      await enqueueAttempt(ctx, deliveryId, attemptNumber, delaySecondsUntil(gate.until, now));
      return { kind: "deferred", until: gate.until };
  }
  // Every other outcome acts for the consumer holding the lease; a duplicate message stops here.
  if (!claimed) return { kind: "skipped", reason: "another consumer holds it" };
  switch (gate.kind) {
    case "kill":
      await repo.setDelivery(ctx, deliveryId, {
        status: "dead",
        nextAttemptAt: null,
        leaseUntil: null,
        lastError: gate.reason,
        updatedAt: iso(now),
      });
      return { kind: "attempted", status: "dead", nextAttemptAt: null };
    case "defer":
      return defer(ctx, deliveryId, attemptNumber, gate.until, now);
    case "probe":
      if (!(await repo.claimProbe(ctx, gate.subscription.id, iso(now), iso(gate.probeUntil)))) {
        return defer(ctx, deliveryId, attemptNumber, gate.probeUntil, now); // another consumer probes
      }
  }
  return attempt(ctx, gate.subscription, gate.delivery, attemptNumber, now, config, options);
}

const enqueueAttempt = (ctx: TenantContext, deliveryId: string, attempt: number, delaySeconds: number) =>
  ctx.env.WEBHOOK_QUEUE.send({ tenantId: ctx.tenantId, deliveryId, attempt }, { delaySeconds });

/** Move the delivery to `until`, give up its lease, and send its message again for then. */
async function defer(
  ctx: TenantContext,
  deliveryId: string,
  attemptNumber: number,
  until: Date,
  now: Date,
): Promise<ConsumeOutcome> {
  await repo.setDelivery(ctx, deliveryId, {
    nextAttemptAt: iso(until),
    leaseUntil: null,
    updatedAt: iso(now),
  });
  await enqueueAttempt(ctx, deliveryId, attemptNumber, delaySecondsUntil(until, now));
  return { kind: "deferred", until };
}

/** Make the claimed attempt, record it (which ends the lease), and enqueue the retry if one is due. */
async function attempt(
  ctx: TenantContext,
  sub: WebhookSubscriptionRow,
  delivery: WebhookDeliveryRow,
  attemptNumber: number,
  now: Date,
  config: WebhookConfig,
  options: SendOptions,
): Promise<ConsumeOutcome> {
  const record = await sendOnce(sub, delivery, now, config, options);
  const plan = await recordAttempt(ctx, sub, delivery, attemptNumber, record, config);
  if (plan.status === "retrying" && plan.nextAttemptAt) {
    await enqueueAttempt(ctx, delivery.id, attemptNumber + 1, delaySecondsUntil(plan.nextAttemptAt, now));
  }
  return { kind: "attempted", status: plan.status, nextAttemptAt: plan.nextAttemptAt };
}

/** A delivery whose messages crashed the consumer until the queue gave up: dead, visibly. */
export async function markDeadLettered(ctx: TenantContext, deliveryId: string): Promise<void> {
  const delivery = await findDelivery(ctx, deliveryId);
  if (!delivery || delivery.status === "succeeded" || delivery.status === "dead") return;
  await repo.setDelivery(ctx, deliveryId, {
    status: "dead",
    nextAttemptAt: null,
    leaseUntil: null,
    lastError: "delivery processing failed repeatedly; moved to the dead-letter queue (replay to retry)",
    updatedAt: iso(ctx.clock.now()),
  });
}
