import type { WebhookDeliveryRow, WebhookSubscriptionRow } from "../../db/shard/webhooks";
import { breakerPhase } from "./domain/breaker";

export function presentSubscription(row: WebhookSubscriptionRow, now: Date) {
  const graceLeft = row.previousSecretExpiresAt && Date.parse(row.previousSecretExpiresAt) > now.getTime();
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes,
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secretPrefix: row.secretPrefix,
    previousSecretExpiresAt: graceLeft ? row.previousSecretExpiresAt : null,
    breaker: {
      state: breakerPhase(
        {
          consecutiveFailures: row.consecutiveFailures,
          openUntil: row.breakerOpenUntil ? new Date(row.breakerOpenUntil) : null,
          probeUntil: row.breakerProbeUntil ? new Date(row.breakerProbeUntil) : null,
        },
        now,
      ),
      consecutiveFailures: row.consecutiveFailures,
      openUntil: row.breakerOpenUntil,
    },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentDelivery(row: WebhookDeliveryRow) {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt,
    lastAttemptAt: row.lastAttemptAt,
    lastResponseStatus: row.lastResponseStatus,
    lastError: row.lastError,
    replayOf: row.replayOf,
    test: row.isTest,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
