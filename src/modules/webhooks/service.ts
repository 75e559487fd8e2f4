import type { PageRequest } from "../../db/keyset";
import type { WebhookDeliveryRow, WebhookSubscriptionRow } from "../../db/shard/webhooks";
import type { TenantContext } from "../../db/tenant-context";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { presentPage } from "../../lib/pagination";
import { tenantAuditInsert } from "../audit/service";
import { type SendOptions, sendOnce } from "./delivery/client";
import { webhookConfig } from "./delivery/config";
import { recordAttempt } from "./delivery/service";
import { excerptFor } from "./domain/response-record";
import { generateSecret } from "./domain/signing";
import { checkWebhookUrl } from "./domain/ssrf";
import { dueDeliveryCount, enqueueDeliveries } from "./outbox/system-repo";
import { presentDelivery, presentSubscription } from "./present";
import * as repo from "./repo";
import { TEST_EVENT_TYPE } from "./schemas";
import { sealSecret, signingSecrets } from "./secrets/service";

const iso = (d: Date) => d.toISOString();

function assertUrl(ctx: TenantContext, url: string): string {
  const check = checkWebhookUrl(url, webhookConfig(ctx.env).urlPolicy);
  if (!check.ok) throw badRequest("The webhook URL is not allowed", [{ path: "url", message: check.reason }]);
  return url;
}

async function requireSubscription(ctx: TenantContext, id: string) {
  const row = await repo.findSubscription(ctx, id);
  if (!row) throw notFound("Webhook subscription");
  return row;
}

const capReached = (cap: number) =>
  conflict(
    `This tenant already has ${cap} webhook subscriptions (its limit): delete one first, or ask the ` +
      "operator to raise settings.maxWebhookSubscriptions",
  );

export async function createSubscription(
  ctx: TenantContext,
  input: { url: string; eventTypes: string[]; description?: string },
) {
  // Each event fans out to every subscription: the cap keeps one tenant from turning the
  // service into a signed-POST reflector (issue 11, finding 8).
  const cap = ctx.tenant.settings.maxWebhookSubscriptions;
  // Made under this Idempotency-Key by an attempt whose answer (and secret) was lost: that one.
  const earlier = ctx.idempotent?.createdId
    ? await repo.findSubscription(ctx, ctx.idempotent.createdId)
    : undefined;
  if (earlier) {
    const { secret } = await signingSecrets(ctx.env.SECRETS_KEY, earlier, ctx.clock.now());
    return { subscription: presentSubscription(earlier, ctx.clock.now()), secret };
  }
  const now = iso(ctx.clock.now());
  const secret = generateSecret();
  const id = crypto.randomUUID();
  const row: WebhookSubscriptionRow = {
    id,
    tenantId: ctx.tenantId,
    url: assertUrl(ctx, input.url),
    description: input.description ?? null,
    eventTypes: input.eventTypes,
    enabled: true,
    disabledReason: null,
    ...(await sealSecret(ctx.env.SECRETS_KEY, { tenantId: ctx.tenantId, id }, secret)),
    previousSecret: null,
    previousSecretExpiresAt: null,
    consecutiveFailures: 0,
    breakerOpenUntil: null,
    breakerProbeUntil: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  const subscription = presentSubscription(row, ctx.clock.now());
  const [inserted] = await ctx.db.batch([
    repo.insertSubscriptionUnderCap(ctx, row, cap),
    tenantAuditInsert(
      ctx,
      {
        action: "webhook_subscription.created",
        target: { type: "webhook_subscription", id },
        after: subscription,
      },
      { onlyIfChanged: true },
    ),
    ...(ctx.idempotent ? [ctx.idempotent.recordCreated(id)] : []),
  ]);
  if ((inserted as unknown as D1Result).meta.changes === 0) throw capReached(cap);
  return { subscription, secret };
}

export async function listSubscriptions(ctx: TenantContext, page: PageRequest) {
  const found = await repo.listSubscriptions(ctx, page);
  const now = ctx.clock.now();
  return presentPage(found, (r) => presentSubscription(r, now));
}

export async function getSubscription(ctx: TenantContext, id: string) {
  return presentSubscription(await requireSubscription(ctx, id), ctx.clock.now());
}

export async function updateSubscription(
  ctx: TenantContext,
  id: string,
  input: { url?: string; eventTypes?: string[]; description?: string | null; enabled?: boolean },
) {
  const current = await requireSubscription(ctx, id);
  const now = ctx.clock.now();
  const patch: Partial<WebhookSubscriptionRow> = { updatedAt: iso(now) };
  if (input.url !== undefined) patch.url = assertUrl(ctx, input.url);
  if (input.eventTypes !== undefined) patch.eventTypes = input.eventTypes;
  if (input.description !== undefined) patch.description = input.description;
  if (input.enabled === true && !current.enabled) {
    Object.assign(patch, {
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
      breakerOpenUntil: null,
      breakerProbeUntil: null,
    });
  } else if (input.enabled === false && current.enabled) {
    Object.assign(patch, { enabled: false, disabledReason: "disabled through the API" });
  }
  const row = await repo.updateSubscription(
    ctx,
    id,
    patch,
    audited(ctx, "webhook_subscription.updated", current, { ...current, ...patch }, now),
  );
  if (!row) throw notFound("Webhook subscription");
  return presentSubscription(row, now);
}

/** The audit entry of a change to a live subscription (written only if the change happened). */
const audited = (
  ctx: TenantContext,
  action: "webhook_subscription.updated" | "webhook_subscription.deleted" | "webhook_secret.rotated",
  before: WebhookSubscriptionRow,
  after: WebhookSubscriptionRow | null,
  now: Date,
) =>
  tenantAuditInsert(
    ctx,
    {
      action,
      target: { type: "webhook_subscription", id: before.id },
      before: presentSubscription(before, now),
      after: after ? presentSubscription(after, now) : null,
    },
    { onlyIfChanged: true },
  );

export async function deleteSubscription(ctx: TenantContext, id: string): Promise<void> {
  const current = await requireSubscription(ctx, id);
  const now = ctx.clock.now();
  const audit = audited(ctx, "webhook_subscription.deleted", current, null, now);
  if (!(await repo.deleteSubscription(ctx, id, iso(now), audit))) throw notFound("Webhook subscription");
}

/** New secret now; the old one keeps signing too (second signatures) for `graceSeconds`. */
export async function rotateSecret(ctx: TenantContext, id: string, graceSeconds: number) {
  const current = await requireSubscription(ctx, id);
  const now = ctx.clock.now();
  const secret = generateSecret();
  const patch = {
    ...(await sealSecret(ctx.env.SECRETS_KEY, current, secret)),
    previousSecret: graceSeconds > 0 ? current.secret : null,
    previousSecretExpiresAt: graceSeconds > 0 ? iso(new Date(now.getTime() + graceSeconds * 1000)) : null,
    updatedAt: iso(now),
  };
  const audit = audited(ctx, "webhook_secret.rotated", current, { ...current, ...patch }, now);
  const row = await repo.updateSubscription(ctx, id, patch, audit);
  if (!row) throw notFound("Webhook subscription");
  return { subscription: presentSubscription(row, now), secret };
}

/**
 * A test delivery, sent now and answered with its attempt: one attempt, no retries, and it
 * moves neither the breaker nor the enabled flag, so it works on a disabled endpoint too.
 */
export async function sendTestDelivery(
  ctx: TenantContext,
  id: string,
  input: { eventType?: string },
  options: SendOptions = {},
) {
  const sub = await requireSubscription(ctx, id);
  const now = ctx.clock.now();
  const eventId = crypto.randomUUID();
  const eventType = input.eventType ?? TEST_EVENT_TYPE;
  const payload = JSON.stringify({
    id: eventId,
    type: eventType,
    timestamp: iso(now),
    tenantId: ctx.tenantId,
    data: { test: true, subscriptionId: sub.id, message: "Test delivery from the credit operations API" },
  });
  const delivery: WebhookDeliveryRow = {
    id: crypto.randomUUID(),
    tenantId: ctx.tenantId,
    subscriptionId: sub.id,
    eventId,
    eventType,
    eventCreatedAt: iso(now),
    payload,
    status: "pending",
    attemptCount: 0,
    nextAttemptAt: iso(now),
    leaseUntil: null,
    lastAttemptAt: null,
    lastResponseStatus: null,
    lastError: null,
    replayOf: null,
    isTest: true,
    createdAt: iso(now),
    updatedAt: iso(now),
  };
  await repo.insertDelivery(ctx, delivery);
  const record = await sendOnce(sub, delivery, now, webhookConfig(ctx.env), options);
  await recordAttempt(ctx, sub, delivery, 1, record, webhookConfig(ctx.env));
  return getDelivery(ctx, delivery.id);
}

export async function listDeliveries(ctx: TenantContext, filter: repo.DeliveryFilter, page: PageRequest) {
  return presentPage(await repo.listDeliveries(ctx, filter, page), presentDelivery);
}

export async function getDelivery(ctx: TenantContext, id: string) {
  const row = await repo.findDelivery(ctx, id);
  if (!row) throw notFound("Webhook delivery");
  const attempts = await repo.listAttempts(ctx, id);
  return {
    ...presentDelivery(row),
    payload: JSON.parse(row.payload) as {
      id: string;
      type: string;
      timestamp: string;
      tenantId: string;
      data: Record<string, unknown>;
    },
    attempts: attempts.map((a) => ({
      attemptNumber: a.attemptNumber,
      attemptedAt: a.attemptedAt,
      responseStatus: a.responseStatus,
      durationMs: a.durationMs,
      error: a.error,
      // Rows written before 0019 may hold up to 4 KB of any answer: re-applied on read.
      responseExcerpt: excerptFor(a.responseStatus, a.responseExcerpt),
      responseBodySha256: a.responseSha256,
      responseBodyBytes: a.responseBytes,
    })),
  };
}

/**
 * Replay a finished delivery: a new delivery of the same event (same event id, body and
 * idempotency key, so receivers can deduplicate) with a fresh attempt schedule.
 */
export async function replayDelivery(ctx: TenantContext, id: string) {
  const original = await repo.findDelivery(ctx, id);
  if (!original) throw notFound("Webhook delivery");
  if (original.isTest) throw conflict("Test deliveries are not replayed: send a new test");
  if (original.status === "pending" || original.status === "retrying") {
    throw conflict(`The delivery is ${original.status}: it is still being attempted`);
  }
  const sub = await repo.findSubscription(ctx, original.subscriptionId);
  if (!sub) throw conflict("The delivery's subscription was deleted");
  if (!sub.enabled)
    throw new AppError("conflict", "The subscription is disabled: enable it before replaying");
  const now = iso(ctx.clock.now());
  const replay: WebhookDeliveryRow = {
    ...original,
    id: crypto.randomUUID(),
    status: "pending",
    attemptCount: 0,
    nextAttemptAt: now,
    leaseUntil: null,
    lastAttemptAt: null,
    lastResponseStatus: null,
    lastError: null,
    replayOf: original.replayOf ?? original.id,
    createdAt: now,
    updatedAt: now,
  };
  await repo.insertDelivery(ctx, replay);
  await enqueueDeliveries(ctx.env, [{ tenantId: ctx.tenantId, deliveryId: replay.id, attempt: 1 }]);
  return presentDelivery(replay);
}

/** Deliveries pending or retrying on one shard, every tenant (the operator's shard figures). */
export const dueDeliveriesOnShard = dueDeliveryCount;
