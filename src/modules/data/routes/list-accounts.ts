import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { AccountListQuery, listOf } from "../schemas";
import { listAccounts } from "../service";

export const listAccountsRoute = tenantRoute({
  method: "get",
  path: "/v1/accounts",
  operationId: "listAccounts",
  tags: ["Data"],
  summary: "List accounts",
  description: "Optionally of one customer; newest first.",
  scope: "data:read",
  request: { query: AccountListQuery },
  responses: {
    200: jsonContent(async () => {
      const { AccountSchema } = await import("../responses");
      return listOf(AccountSchema);
    }, "Accounts"),
  },
});

export const registerListAccounts = (app: App) =>
  app.openapi(listAccountsRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const { data, page } = await listAccounts(c.get("ctx"), filter, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
