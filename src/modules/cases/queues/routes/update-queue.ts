import type { App } from "../../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../../http/openapi";
import { QueueParams, UpdateQueueBody } from "../schemas";
import { updateQueue } from "../service";

const route = tenantRoute({
  method: "patch",
  path: "/v1/case-queues/{queueId}",
  operationId: "updateCaseQueue",
  tags: ["Case queues"],
  summary: "Update a case queue",
  description:
    "Changes the fields sent. New criteria route cases opened afterwards; cases already routed stay. " +
    "Audited (`case_queue.updated`, before and after).",
  scope: "aml:write",
  request: { params: QueueParams, body: jsonBody(UpdateQueueBody) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).QueueResponse, "The queue"),
    ...errorResponses(409),
  },
});

export const registerUpdateQueue = (app: App) =>
  app.openapi(route, async (c) => {
    const queue = await updateQueue(c.get("ctx"), c.req.valid("param").queueId, c.req.valid("json"));
    return c.json({ success: true as const, queue }, 200);
  });
