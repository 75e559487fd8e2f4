import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { listWorkflows } from "../service";

export const listWorkflowsRoute = tenantRoute({
  method: "get",
  path: "/v1/workflows",
  operationId: "listWorkflows",
  tags: ["Workflows"],
  summary: "List workflows",
  description: "The tenant's workflows (built in) with run counts.",
  scope: "workflows:read",
  responses: {
    200: jsonContent(async () => {
      const { WorkflowSchema } = await import("../responses");
      return z.object({ success: z.literal(true), data: z.array(WorkflowSchema), total: z.number().int() });
    }, "Workflows"),
  },
});

export const registerListWorkflows = (app: App) =>
  app.openapi(listWorkflowsRoute, async (c) => {
    const data = await listWorkflows(c.get("ctx"));
    return c.json({ success: true as const, data, total: data.length }, 200);
  });
