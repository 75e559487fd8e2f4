import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonBody, jsonContent } from "../../../http/openapi";
import type { Scope } from "../../../lib/scopes";
import { CreateKeyBody } from "../keys/schemas";
import { createKey } from "../keys/service";
import { TenantIdParams } from "../schemas";

export const createKeyRoute = adminRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/keys",
  operationId: "adminCreateKey",
  scope: "keys:write",
  summary: "Create an API key",
  description: "With the given scopes.",
  request: { params: TenantIdParams, body: jsonBody(CreateKeyBody) },
  responses: {
    201: jsonContent(async () => {
      const { NewApiKeySchema } = await import("../keys/responses");
      return z.object({ success: z.literal(true), apiKey: NewApiKeySchema });
    }, "Key created; shown only here"),
  },
});

export const registerCreateKey = (app: App) =>
  app.openapi(createKeyRoute, async (c) => {
    const body = c.req.valid("json");
    const apiKey = await createKey(c.get("op"), c.req.valid("param").tenantId, {
      ...body,
      scopes: body.scopes as Scope[],
    });
    return c.json({ success: true as const, apiKey }, 201);
  });
