import type { App } from "../../../../http/context";
import { jsonContent, tenantRoute } from "../../../../http/openapi";
import { listQueues } from "../service";

const route = tenantRoute({
  method: "get",
  path: "/v1/case-queues",
  operationId: "listCaseQueues",
  tags: ["Case queues"],
  summary: "List case queues",
  description: "The tenant's queues in routing order (priority, then creation); at most 100.",
  scope: "aml:read",
  responses: { 200: jsonContent(async () => (await import("../responses")).QueueListResponse, "The queues") },
});

export const registerListQueues = (app: App) =>
  app.openapi(route, async (c) =>
    c.json({ success: true as const, data: await listQueues(c.get("ctx")) }, 200),
  );
