import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { CreateListBody, LIMITS_TEXT } from "../schemas";
import { createList } from "../service";

export const createListRoute = tenantRoute({
  method: "post",
  path: "/v1/lists",
  operationId: "createList",
  tags: ["Lists"],
  summary: "Create a list",
  description: `High-risk countries, watchlist or allowlist. ${LIMITS_TEXT} One more live list answers 409 \`conflict\`. Recorded in the list's history and the audit log.`,
  scope: "aml:write",
  request: { body: jsonBody(CreateListBody) },
  responses: {
    201: jsonContent(async () => {
      const { ListSchema } = await import("../responses");
      return z.object({ success: z.literal(true), list: ListSchema });
    }, "The list"),
    ...errorResponses(409),
  },
});

export const registerCreateList = (app: App) =>
  app.openapi(createListRoute, async (c) => {
    const list = await createList(c.get("ctx"), c.req.valid("json"));
    return c.json({ success: true as const, list }, 201);
  });
