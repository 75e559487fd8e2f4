import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { DeliveryListQuery, listOf } from "../schemas";
import { listDeliveries } from "../service";

export const listDeliveriesRoute = tenantRoute({
  method: "get",
  fresh: true,
  path: "/v1/webhooks/deliveries",
  operationId: "listWebhookDeliveries",
  tags: ["Webhooks"],
  summary: "List webhook deliveries",
  description: "Filter by subscription, event type, status and event id; newest first.",
  scope: "webhooks:read",
  request: { query: DeliveryListQuery },
  responses: {
    200: jsonContent(async () => {
      const { DeliverySchema } = await import("../responses");
      return listOf(DeliverySchema);
    }, "Deliveries"),
  },
});

export const registerListDeliveries = (app: App) =>
  app.openapi(listDeliveriesRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const { data, page } = await listDeliveries(c.get("ctx"), filter, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
