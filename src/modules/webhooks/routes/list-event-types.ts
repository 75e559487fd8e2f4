import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";

export const listEventTypesRoute = tenantRoute({
  method: "get",
  path: "/v1/webhooks/event-types",
  operationId: "listWebhookEventTypes",
  tags: ["Webhooks"],
  summary: "List webhook event types",
  description: "The event catalog: every event type this API emits, with its data schema.",
  scope: "webhooks:read",
  responses: {
    200: jsonContent(async () => {
      const { EventTypeSchema } = await import("../responses");
      return z.object({ success: z.literal(true), data: z.array(EventTypeSchema) });
    }, "Event types"),
  },
});

// The catalog (src/modules/events/responses.ts) is loaded by the first request for it.
const eventTypes = async () =>
  Object.entries((await import("../../events/responses")).EVENT_CATALOG).map(([type, entry]) => ({
    type,
    description: entry.description,
    component: entry.component,
    dataSchema: z.toJSONSchema(entry.data, { io: "output" }) as Record<string, unknown>,
  }));

export const registerListEventTypes = (app: App) =>
  app.openapi(listEventTypesRoute, async (c) =>
    c.json({ success: true as const, data: await eventTypes() }, 200),
  );
