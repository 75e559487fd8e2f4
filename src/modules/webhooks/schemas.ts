import { z } from "@hono/zod-openapi";
import { IsoDateTime, PaginationQuery, PaginationSchema } from "../../http/openapi";
import { EVENT_CATALOG } from "../events/schemas";
import { EVENT_TYPES } from "../events/service";
import { DELIVERY_STATUSES } from "./domain/schedule";

/** The type of the deliveries POST .../test sends; never fanned out from the outbox. */
export const TEST_EVENT_TYPE = "webhook.test";

const EventTypeList = z
  .array(z.enum([...EVENT_TYPES, "*"]))
  .min(1)
  .max(EVENT_TYPES.length + 1)
  .refine((types) => !types.includes("*") || types.length === 1, {
    message: 'use ["*"] alone for every event type',
  })
  .refine((types) => new Set(types).size === types.length, { message: "event types must not repeat" })
  .openapi({
    uniqueItems: true,
    description: 'Event types, each at most once; ["*"] (alone) for every type',
    example: ["bhi.calculated", "customer.risk_alert"],
  });

const Url = z.string().trim().min(1).max(2048).openapi({ example: "https://hooks.example.com/credit-ops" });
const Description = z.string().trim().max(500);

export const CreateSubscriptionBody = z
  .strictObject({ url: Url, eventTypes: EventTypeList, description: Description.optional() })
  .openapi("CreateWebhookSubscription");

export const UpdateSubscriptionBody = z
  .strictObject({
    url: Url.optional(),
    eventTypes: EventTypeList.optional(),
    description: Description.nullable().optional(),
    enabled: z.boolean().optional().openapi({ description: "Re-enabling also closes the circuit breaker" }),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "give at least one field to change" })
  .openapi("UpdateWebhookSubscription", { minProperties: 1 });

export const RotateSecretBody = z
  .strictObject({
    graceSeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(86_400)
      .openapi({ description: "How long the old secret keeps signing too (0..604800, default 86400)" }),
  })
  .openapi("RotateWebhookSecret");

export const TestDeliveryBody = z
  .strictObject({
    eventType: z
      .enum(EVENT_TYPES)
      .optional()
      .openapi({ description: `Sent as X-Service-Event; default ${TEST_EVENT_TYPE}` }),
  })
  .openapi("TestWebhookDelivery");

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

export const DeliveryListQuery = PaginationQuery.extend({
  subscriptionId: z.uuid().optional(),
  eventType: z.enum([...EVENT_TYPES, TEST_EVENT_TYPE]).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  eventId: z.string().max(100).optional(),
  createdAfter: IsoDateTime.optional(),
});

export const SubscriptionIdParams = z.object({
  id: z
    .uuid()
    .openapi({ param: { name: "id", in: "path" }, example: "7f3c9a52-1d2e-4b6a-9c1f-2a3b4c5d6e7f" }),
});

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), pagination: PaginationSchema });
