import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { SubscriptionIdParams } from "../schemas";
import { deleteSubscription } from "../service";

export const deleteSubscriptionRoute = tenantRoute({
  method: "delete",
  path: "/v1/webhooks/subscriptions/{id}",
  operationId: "deleteWebhookSubscription",
  tags: ["Webhooks"],
  summary: "Remove a webhook subscription",
  description: "Its unfinished deliveries end as dead.",
  scope: "webhooks:write",
  request: { params: SubscriptionIdParams },
  responses: { 200: jsonContent(z.object({ success: z.literal(true) }), "Removed") },
});

export const registerDeleteSubscription = (app: App) =>
  app.openapi(deleteSubscriptionRoute, async (c) => {
    await deleteSubscription(c.get("ctx"), c.req.valid("param").id);
    return c.json({ success: true as const }, 200);
  });
