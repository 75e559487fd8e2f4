import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { SubscriptionIdParams, UpdateSubscriptionBody } from "../schemas";
import { updateSubscription } from "../service";

export const updateSubscriptionRoute = tenantRoute({
  method: "patch",
  path: "/v1/webhooks/subscriptions/{id}",
  operationId: "updateWebhookSubscription",
  tags: ["Webhooks"],
  summary: "Update a webhook subscription",
  description: "Change its URL, event types, description, or enable/disable it.",
  scope: "webhooks:write",
  request: { params: SubscriptionIdParams, body: jsonBody(UpdateSubscriptionBody) },
  responses: {
    200: jsonContent(async () => {
      const { SubscriptionSchema } = await import("../responses");
      return z.object({ success: z.literal(true), subscription: SubscriptionSchema });
    }, "The subscription"),
  },
});

export const registerUpdateSubscription = (app: App) =>
  app.openapi(updateSubscriptionRoute, async (c) => {
    const subscription = await updateSubscription(c.get("ctx"), c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, subscription }, 200);
  });
