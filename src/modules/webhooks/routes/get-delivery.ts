import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { SubscriptionIdParams } from "../schemas";
import { getDelivery } from "../service";

export const getDeliveryRoute = tenantRoute({
  method: "get",
  fresh: true,
  path: "/v1/webhooks/deliveries/{id}",
  operationId: "getWebhookDelivery",
  tags: ["Webhooks"],
  summary: "Get a webhook delivery",
  description: "With its body and every attempt.",
  scope: "webhooks:read",
  request: { params: SubscriptionIdParams },
  responses: {
    200: jsonContent(async () => {
      const { DeliveryDetailSchema } = await import("../responses");
      return z.object({ success: z.literal(true), delivery: DeliveryDetailSchema });
    }, "The delivery"),
  },
});

export const registerGetDelivery = (app: App) =>
  app.openapi(getDeliveryRoute, async (c) => {
    const delivery = await getDelivery(c.get("ctx"), c.req.valid("param").id);
    return c.json({ success: true as const, delivery }, 200);
  });
