import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { CreateUserKeyBody, UserKeyResponse, UserParams } from "../schemas";
import { createUserKey } from "../service";

export const createUserKeyRoute = tenantRoute({
  method: "post",
  path: "/v1/users/{userId}/keys",
  operationId: "createUserKey",
  tags: ["Users"],
  summary: "Create an API key bound to a user",
  description:
    "Requests with the key act as the user: case actions record the user as actor (`actorType: user`) and a body `actorId` naming someone else is a 400; the key holds the scopes of the user's roles at the time of each request. The key is shown once. 409 for a disabled user; 403 when the user's roles carry a scope the calling key lacks. Audited (`user.key_created`).",
  scope: "users:write",
  request: { params: UserParams, body: jsonBody(CreateUserKeyBody) },
  responses: { 201: jsonContent(UserKeyResponse, "The key"), ...errorResponses(409) },
});

export const registerCreateUserKey = (app: App) =>
  app.openapi(createUserKeyRoute, async (c) => {
    const apiKey = await createUserKey(
      c.get("ctx"),
      c.get("auth").scopes,
      c.req.valid("param").userId,
      c.req.valid("json"),
    );
    return c.json({ success: true as const, apiKey }, 201);
  });
