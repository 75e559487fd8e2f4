import { z } from "@hono/zod-openapi";
import { EVENT_CATALOG } from "../events/responses";
import { DELIVERY_STATUSES } from "./domain/schedule";

// Response shapes of modules/webhooks: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const SubscriptionSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    eventTypes: z.array(z.string()),
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabledReason: z.string().nullable(),
    secretPrefix: z
      .string()
      .openapi({ description: "First characters of the secret, to tell secrets apart" }),
    previousSecretExpiresAt: z.string().nullable(),
    breaker: z.object({
      state: z.enum(["closed", "open", "half_open"]),
      consecutiveFailures: z.number().int(),
      openUntil: z.string().nullable(),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("WebhookSubscription");

export const SecretSchema = z.string().openapi({
  description: "whsec_ + base64; shown only in this answer",
  example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
});

export const AttemptSchema = z
  .object({
    attemptNumber: z.number().int(),
    attemptedAt: z.string(),
    responseStatus: z.number().int().nullable(),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    responseExcerpt: z
      .string()
      .max(256)
      .nullable()
      .openapi({
        description:
          "At most 256 characters of a 2xx answer's body, control characters replaced by spaces; " +
          "null for any other answer. Receiver bodies are never returned whole.",
      }),
    responseBodySha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable()
      .openapi({
        description: "SHA-256 (hex) of the response body's first 65,536 bytes; null when none was read",
      }),
    responseBodyBytes: z
      .number()
      .int()
      .min(0)
      .max(65_536)
      .nullable()
      .openapi({ description: "Bytes of the response body read (reading stops at 65,536)" }),
  })
  .openapi("WebhookDeliveryAttempt");

export const DeliverySchema = z
  .object({
    id: z.uuid(),
    subscriptionId: z.uuid(),
    eventId: z.string().openapi({ description: "Also the X-Idempotency-Key and webhook-id" }),
    eventType: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attemptCount: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    lastResponseStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    replayOf: z.string().nullable().openapi({ description: "The delivery this one replays" }),
    test: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("WebhookDelivery");

/** The delivery body (docs/contract.md#delivery-request), exactly as sent. */
export const EventPayloadSchema = z
  .object({
    id: z.string().openapi({ description: "The event id (X-Idempotency-Key, webhook-id)" }),
    type: z.string(),
    timestamp: z.string(),
    tenantId: z.string(),
    data: z
      .union([
        ...Object.values(EVENT_CATALOG).map((entry) => entry.data),
        z.record(z.string(), z.unknown()).openapi({ type: "object", additionalProperties: {} }),
      ])
      .openapi({
        description:
          "By `type`: the event catalog's data schema (GET /v1/webhooks/event-types); a test delivery's data is free-form",
      }),
  })
  .openapi("WebhookEventPayload");

export const DeliveryDetailSchema = DeliverySchema.extend({
  payload: EventPayloadSchema,
  attempts: z.array(AttemptSchema),
}).openapi("WebhookDeliveryDetail");

/** An entry of GET /v1/webhooks/event-types: a type of the event catalog with its data schema. */
export const EventTypeSchema = z
  .object({
    type: z.string().openapi({ example: "fraud.alert_raised" }),
    description: z.string(),
    component: z.string().openapi({
      description: "The name of the data schema under components.schemas of the OpenAPI document",
    }),
    dataSchema: z.record(z.string(), z.unknown()).openapi({
      description: "JSON Schema (draft 2020-12) of the event's `data`",
    }),
  })
  .openapi("WebhookEventType");
