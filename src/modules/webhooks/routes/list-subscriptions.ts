import type { App } from "../../../http/context";
import { jsonContent, PaginationQuery, pagination, tenantRoute } from "../../../http/openapi";
import { listOf } from "../schemas";
import { listSubscriptions } from "../service";

export const listSubscriptionsRoute = tenantRoute({
  method: "get",
  path: "/v1/webhooks/subscriptions",
  operationId: "listWebhookSubscriptions",
  tags: ["Webhooks"],
  summary: "List webhook subscriptions",
  description: "Newest first.",
  scope: "webhooks:read",
  request: { query: PaginationQuery },
  responses: {
    200: jsonContent(async () => {
      const { SubscriptionSchema } = await import("../responses");
      return listOf(SubscriptionSchema);
    }, "Subscriptions"),
  },
});

export const registerListSubscriptions = (app: App) =>
  app.openapi(listSubscriptionsRoute, async (c) => {
    const { limit, offset, cursor } = c.req.valid("query");
    const { data, page } = await listSubscriptions(c.get("ctx"), { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
