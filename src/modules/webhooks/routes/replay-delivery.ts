import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonContent, tenantRoute } from "../../../http/openapi";
import { SubscriptionIdParams } from "../schemas";
import { replayDelivery } from "../service";

export const replayDeliveryRoute = tenantRoute({
  method: "post",
  path: "/v1/webhooks/deliveries/{id}/replay",
  operationId: "replayWebhookDelivery",
  tags: ["Webhooks"],
  summary: "Replay a webhook delivery",
  description:
    "Sends a finished (succeeded or dead) delivery again: same event id, body and idempotency key.",
  scope: "webhooks:write",
  request: { params: SubscriptionIdParams },
  responses: {
    202: jsonContent(async () => {
      const { DeliverySchema } = await import("../responses");
      return z.object({ success: z.literal(true), delivery: DeliverySchema });
    }, "The new delivery, queued"),
    ...errorResponses(409),
  },
});

export const registerReplayDelivery = (app: App) =>
  app.openapi(replayDeliveryRoute, async (c) => {
    const delivery = await replayDelivery(c.get("ctx"), c.req.valid("param").id);
    return c.json({ success: true as const, delivery }, 202);
  });
