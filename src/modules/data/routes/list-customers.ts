import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { CustomerListQuery, listOf } from "../schemas";
import { listCustomers } from "../service";

export const listCustomersRoute = tenantRoute({
  method: "get",
  path: "/v1/customers",
  operationId: "listCustomers",
  tags: ["Data"],
  summary: "List customers",
  description: "Search by name or email, filter by status; newest first.",
  scope: "data:read",
  request: { query: CustomerListQuery },
  responses: {
    200: jsonContent(async () => {
      const { CustomerSchema } = await import("../responses");
      return listOf(CustomerSchema);
    }, "Customers"),
  },
});

export const registerListCustomers = (app: App) =>
  app.openapi(listCustomersRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const { data, page } = await listCustomers(c.get("ctx"), filter, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
