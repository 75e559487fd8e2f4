import type { App } from "../../../http/context";
import { jsonContent, PaginationQuery, pagination, tenantRoute } from "../../../http/openapi";
import { UserListResponse } from "../schemas";
import { listUsers } from "../service";

export const listUsersRoute = tenantRoute({
  method: "get",
  path: "/v1/users",
  operationId: "listUsers",
  tags: ["Users"],
  summary: "List the tenant's users",
  description: "Oldest first, disabled users included.",
  scope: "users:read",
  request: { query: PaginationQuery },
  responses: { 200: jsonContent(UserListResponse, "Users") },
});

export const registerListUsers = (app: App) =>
  app.openapi(listUsersRoute, async (c) => {
    const { limit, offset, cursor } = c.req.valid("query");
    const { data, page } = await listUsers(c.get("ctx"), { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
