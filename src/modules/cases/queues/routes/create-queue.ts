import type { App } from "../../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../../http/openapi";
import { CreateQueueBody } from "../schemas";
import { createQueue } from "../service";

const route = tenantRoute({
  method: "post",
  path: "/v1/case-queues",
  operationId: "createCaseQueue",
  tags: ["Case queues"],
  summary: "Create a case queue",
  description:
    "A team inbox: new fraud and AML cases go to the first queue, lowest `priority` first, whose criteria " +
    "they meet (kind, typology, minimum level). Members are opaque user ids. Audited (`case_queue.created`); " +
    "409 naming `name` when the tenant has a queue of that name.",
  scope: "aml:write",
  request: { body: jsonBody(CreateQueueBody) },
  responses: {
    201: jsonContent(async () => (await import("../responses")).QueueResponse, "The queue"),
    ...errorResponses(409),
  },
});

export const registerCreateQueue = (app: App) =>
  app.openapi(route, async (c) => {
    const queue = await createQueue(c.get("ctx"), c.req.valid("json"));
    return c.json({ success: true as const, queue }, 201);
  });
