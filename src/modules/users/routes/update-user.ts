import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { UpdateUserBody, UserParams, UserResponse } from "../schemas";
import { updateUser } from "../service";

export const updateUserRoute = tenantRoute({
  method: "patch",
  path: "/v1/users/{userId}",
  operationId: "updateUser",
  tags: ["Users"],
  summary: "Update a user",
  description:
    "Change the name, email or roles, or disable the user (its keys are then refused, 401). A role change applies to the user's keys at once. 403 when the new roles carry a scope the calling key lacks. Audited (`user.updated`, before and after).",
  scope: "users:write",
  request: { params: UserParams, body: jsonBody(UpdateUserBody) },
  responses: { 200: jsonContent(UserResponse, "The user"), ...errorResponses(409) },
});

export const registerUpdateUser = (app: App) =>
  app.openapi(updateUserRoute, async (c) => {
    const user = await updateUser(
      c.get("ctx"),
      c.get("auth").scopes,
      c.req.valid("param").userId,
      c.req.valid("json"),
    );
    return c.json({ success: true as const, user }, 200);
  });
