import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { BhiListQuery } from "../schemas";
import { listRecords } from "../service";

export const listRoute = tenantRoute({
  method: "get",
  path: "/v1/bhi",
  operationId: "listBhiRecords",
  tags: ["BHI"],
  summary: "List BHI records",
  description: "Latest per customer by default; newest first.",
  scope: "bhi:read",
  request: { query: BhiListQuery },
  responses: { 200: jsonContent(async () => (await import("../responses")).BhiListResponse, "BHI records") },
});

export const registerList = (app: App) =>
  app.openapi(listRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const { data, page } = await listRecords(c.get("ctx"), filter, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
