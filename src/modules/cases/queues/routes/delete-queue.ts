import type { App } from "../../../../http/context";
import { jsonContent, tenantRoute } from "../../../../http/openapi";
import { QueueParams } from "../schemas";
import { deleteQueue } from "../service";

const route = tenantRoute({
  method: "delete",
  path: "/v1/case-queues/{queueId}",
  operationId: "deleteCaseQueue",
  tags: ["Case queues"],
  summary: "Delete a case queue",
  description:
    "Removes the queue; its cases show `queueId: null` and are not re-routed. Audited (`case_queue.deleted`). " +
    "Answers the removed queue.",
  scope: "aml:write",
  request: { params: QueueParams },
  responses: {
    200: jsonContent(async () => (await import("../responses")).QueueResponse, "The removed queue"),
  },
});

export const registerDeleteQueue = (app: App) =>
  app.openapi(route, async (c) =>
    c.json(
      { success: true as const, queue: await deleteQueue(c.get("ctx"), c.req.valid("param").queueId) },
      200,
    ),
  );
