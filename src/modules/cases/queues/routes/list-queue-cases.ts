import type { App } from "../../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../../http/openapi";
import { QueueCasesQuery, QueueParams } from "../schemas";
import { listQueueCases } from "../service";

const route = tenantRoute({
  method: "get",
  path: "/v1/case-queues/{queueId}/cases",
  operationId: "listCaseQueueCases",
  tags: ["Case queues"],
  summary: "List a queue's open cases",
  description:
    "The queue's open (not closed) cases, earliest due date first (none last), then highest level; paged like " +
    "the case lists (`limit`, `cursor`, `offset`). Fraud cases are listed only for a key with `fraud:read`.",
  scope: "aml:read",
  request: { params: QueueParams, query: QueueCasesQuery },
  responses: {
    200: jsonContent(async () => (await import("../responses")).QueueCasesResponse, "The open cases"),
  },
});

export const registerListQueueCases = (app: App) =>
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const { data, page } = await listQueueCases(
      c.get("ctx"),
      c.req.valid("param").queueId,
      query,
      c.get("auth").scopes,
    );
    return c.json({ success: true as const, data, pagination: pagination(page, query.limit) }, 200);
  });
