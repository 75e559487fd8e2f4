import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { UserParams, UserResponse } from "../schemas";
import { getUser } from "../service";

export const getUserRoute = tenantRoute({
  method: "get",
  path: "/v1/users/{userId}",
  operationId: "getUser",
  tags: ["Users"],
  summary: "Get a user",
  description: "Another tenant's user is a 404.",
  scope: "users:read",
  request: { params: UserParams },
  responses: { 200: jsonContent(UserResponse, "The user") },
});

export const registerGetUser = (app: App) =>
  app.openapi(getUserRoute, async (c) => {
    const user = await getUser(c.get("ctx"), c.req.valid("param").userId);
    return c.json({ success: true as const, user }, 200);
  });
