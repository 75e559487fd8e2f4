import type { App } from "../../../../http/context";
import { jsonContent, tenantRoute } from "../../../../http/openapi";
import { QueueParams } from "../schemas";
import { queueStats } from "../service";

const route = tenantRoute({
  method: "get",
  path: "/v1/case-queues/{queueId}/stats",
  operationId: "getCaseQueueStats",
  tags: ["Case queues"],
  summary: "Get a queue's figures",
  description:
    "As of now: open cases, those past their due date, and the median age of the open cases in hours. " +
    "Fraud cases are counted only for a key with `fraud:read`.",
  scope: "aml:read",
  request: { params: QueueParams },
  responses: {
    200: jsonContent(async () => (await import("../responses")).QueueStatsResponse, "The figures"),
  },
});

export const registerQueueStats = (app: App) =>
  app.openapi(route, async (c) => {
    const stats = await queueStats(c.get("ctx"), c.req.valid("param").queueId, c.get("auth").scopes);
    return c.json({ success: true as const, stats }, 200);
  });
