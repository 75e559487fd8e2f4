import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { listOf, TransactionListQuery } from "../schemas";
import { listTransactions } from "../service";

export const listTransactionsRoute = tenantRoute({
  method: "get",
  path: "/v1/transactions",
  operationId: "listTransactions",
  tags: ["Data"],
  summary: "List transactions",
  description: "Filter by customer, account, type and date range; newest transactionDate first.",
  scope: "data:read",
  request: { query: TransactionListQuery },
  responses: {
    200: jsonContent(async () => {
      const { TransactionSchema } = await import("../responses");
      return listOf(TransactionSchema);
    }, "Transactions"),
  },
});

export const registerListTransactions = (app: App) =>
  app.openapi(listTransactionsRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const { data, page } = await listTransactions(c.get("ctx"), filter, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
