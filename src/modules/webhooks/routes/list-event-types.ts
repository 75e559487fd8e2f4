import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { EVENT_CATALOG } from "../../events/schemas";

const EventTypeSchema = z
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

export const listEventTypesRoute = tenantRoute({
  method: "get",
  path: "/v1/webhooks/event-types",
  operationId: "listWebhookEventTypes",
  tags: ["Webhooks"],
  summary: "List webhook event types",
  description: "The event catalog: every event type this API emits, with its data schema.",
  scope: "webhooks:read",
  responses: {
    200: jsonContent(z.object({ success: z.literal(true), data: z.array(EventTypeSchema) }), "Event types"),
  },
});

const eventTypes = () =>
  Object.entries(EVENT_CATALOG).map(([type, entry]) => ({
    type,
    description: entry.description,
    component: entry.component,
    dataSchema: z.toJSONSchema(entry.data, { io: "output" }) as Record<string, unknown>,
  }));

export const registerListEventTypes = (app: App) =>
  app.openapi(listEventTypesRoute, (c) => c.json({ success: true as const, data: eventTypes() }, 200));
