import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import {
  adminRoute,
  jsonContent,
  PaginationQuery,
  PaginationSchema,
  pagination,
} from "../../../http/openapi";
import { listOperatorTokens } from "../operators/service";

export const listOperatorTokensRoute = adminRoute({
  method: "get",
  path: "/admin/operator-tokens",
  operationId: "adminListOperatorTokens",
  scope: "operators:read",
  summary: "List operator tokens",
  description: "Newest first, with scopes, expiry and last use (never the token or its hash).",
  request: { query: PaginationQuery },
  responses: {
    200: jsonContent(async () => {
      const { OperatorTokenSchema } = await import("../operators/responses");
      return z.object({
        success: z.literal(true),
        data: z.array(OperatorTokenSchema),
        pagination: PaginationSchema,
      });
    }, "Operator tokens"),
  },
});

export const registerListOperatorTokens = (app: App) =>
  app.openapi(listOperatorTokensRoute, async (c) => {
    const { limit, offset, cursor } = c.req.valid("query");
    const { data, page } = await listOperatorTokens(c.env, { limit, offset, cursor }, c.get("op").clock);
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
