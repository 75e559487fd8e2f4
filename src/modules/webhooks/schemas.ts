import { z } from "@hono/zod-openapi";
import { IsoDateTime, PaginationQuery, PaginationSchema } from "../../http/openapi";
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
