import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { SubscriptionIdParams, TestDeliveryBody } from "../schemas";
import { sendTestDelivery } from "../service";

export const testSubscriptionRoute = tenantRoute({
  method: "post",
  path: "/v1/webhooks/subscriptions/{id}/test",
  operationId: "testWebhookSubscription",
  tags: ["Webhooks"],
  summary: "Send a test webhook delivery",
  description: "A signed test delivery, sent now; answers with its attempt (no retries).",
  scope: "webhooks:write",
  request: { params: SubscriptionIdParams, body: jsonBody(TestDeliveryBody, false) },
  responses: {
    200: jsonContent(async () => {
      const { DeliveryDetailSchema } = await import("../responses");
      return z.object({ success: z.literal(true), delivery: DeliveryDetailSchema });
    }, "The test delivery with its attempt (status succeeded or dead)"),
  },
});

export const registerTestSubscription = (app: App) =>
  app.openapi(testSubscriptionRoute, async (c) => {
    const body = (c.req.valid("json") as unknown as { eventType?: string } | undefined) ?? {};
    const delivery = await sendTestDelivery(c.get("ctx"), c.req.valid("param").id, body);
    return c.json({ success: true as const, delivery }, 200);
  });
