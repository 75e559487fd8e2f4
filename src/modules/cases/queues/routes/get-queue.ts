import type { App } from "../../../../http/context";
import { jsonContent, tenantRoute } from "../../../../http/openapi";
import { QueueParams } from "../schemas";
import { getQueue } from "../service";

const route = tenantRoute({
  method: "get",
  path: "/v1/case-queues/{queueId}",
  operationId: "getCaseQueue",
  tags: ["Case queues"],
  summary: "Get a case queue",
  description: "The queue's criteria and members.",
  scope: "aml:read",
  request: { params: QueueParams },
  responses: { 200: jsonContent(async () => (await import("../responses")).QueueResponse, "The queue") },
});

export const registerGetQueue = (app: App) =>
  app.openapi(route, async (c) =>
    c.json(
      { success: true as const, queue: await getQueue(c.get("ctx"), c.req.valid("param").queueId) },
      200,
    ),
  );
