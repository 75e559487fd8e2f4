import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { SubscriptionIdParams } from "../schemas";
import { getSubscription } from "../service";

export const getSubscriptionRoute = tenantRoute({
  method: "get",
  path: "/v1/webhooks/subscriptions/{id}",
  operationId: "getWebhookSubscription",
  tags: ["Webhooks"],
  summary: "Get a webhook subscription",
  description: "Never its secret.",
  scope: "webhooks:read",
  request: { params: SubscriptionIdParams },
  responses: {
    200: jsonContent(async () => {
      const { SubscriptionSchema } = await import("../responses");
      return z.object({ success: z.literal(true), subscription: SubscriptionSchema });
    }, "The subscription"),
  },
});

export const registerGetSubscription = (app: App) =>
  app.openapi(getSubscriptionRoute, async (c) => {
    const subscription = await getSubscription(c.get("ctx"), c.req.valid("param").id);
    return c.json({ success: true as const, subscription }, 200);
  });
