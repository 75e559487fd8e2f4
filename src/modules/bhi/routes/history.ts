import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, PaginationQuery, pagination, tenantRoute, uuidParam } from "../../../http/openapi";
import { getHistory } from "../service";

export const historyRoute = tenantRoute({
  method: "get",
  path: "/v1/bhi/{customerId}/history",
  operationId: "getBhiHistory",
  tags: ["BHI"],
  summary: "List a customer's BHI history",
  description: "Newest first; 404 when the customer is absent.",
  scope: "bhi:read",
  request: { params: z.object({ customerId: uuidParam("customerId") }), query: PaginationQuery },
  responses: { 200: jsonContent(async () => (await import("../responses")).BhiHistoryResponse, "History") },
});

export const registerHistory = (app: App) =>
  app.openapi(historyRoute, async (c) => {
    const { customerId } = c.req.valid("param");
    const { limit, offset, cursor } = c.req.valid("query");
    const { history, page } = await getHistory(c.get("ctx"), customerId, { limit, offset, cursor });
    return c.json({ success: true as const, customerId, history, pagination: pagination(page, limit) }, 200);
  });
