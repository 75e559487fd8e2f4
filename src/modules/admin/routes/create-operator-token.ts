import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonBody, jsonContent } from "../../../http/openapi";
import { CreateOperatorTokenBody } from "../operators/schemas";
import { createOperatorToken } from "../operators/service";

export const createOperatorTokenRoute = adminRoute({
  method: "post",
  path: "/admin/operator-tokens",
  operationId: "adminCreateOperatorToken",
  scope: "operators:write",
  summary: "Create an operator token",
  description:
    "A named token for /admin with its own scopes and expiry, revocable. Each operator gets their own " +
    "token, so the audit log names who acted. A token grants only scopes it holds (403 otherwise) and " +
    "ends no later than itself; revoking it revokes every token it created, and theirs. Only the SHA-256 " +
    "of the token and its display prefix are stored; the token is shown only in this answer.",
  request: { body: jsonBody(CreateOperatorTokenBody) },
  responses: {
    201: jsonContent(async () => {
      const { NewOperatorTokenSchema } = await import("../operators/responses");
      return z.object({ success: z.literal(true), operatorToken: NewOperatorTokenSchema });
    }, "Token created; shown only here"),
  },
});

export const registerCreateOperatorToken = (app: App) =>
  app.openapi(createOperatorTokenRoute, async (c) => {
    const operatorToken = await createOperatorToken(c.get("op"), c.get("operatorGrant"), c.req.valid("json"));
    return c.json({ success: true as const, operatorToken }, 201);
  });
