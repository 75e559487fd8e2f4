import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { CreateUserBody, UserResponse } from "../schemas";
import { createUser } from "../service";

export const createUserRoute = tenantRoute({
  method: "post",
  path: "/v1/users",
  operationId: "createUser",
  tags: ["Users"],
  summary: "Create a user of the tenant",
  description:
    "A named analyst, lead, admin or read-only user (docs/decisions/case-work.md#named-analysts). 409 when another user has the email; 403 when the roles carry a scope the calling key lacks. Audited (`user.created`).",
  scope: "users:write",
  request: { body: jsonBody(CreateUserBody) },
  responses: { 201: jsonContent(UserResponse, "The user"), ...errorResponses(409) },
});

export const registerCreateUser = (app: App) =>
  app.openapi(createUserRoute, async (c) => {
    const user = await createUser(c.get("ctx"), c.get("auth").scopes, c.req.valid("json"));
    return c.json({ success: true as const, user }, 201);
  });
