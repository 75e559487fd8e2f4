import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { WorkflowIdParam } from "../schemas";
import { getWorkflow } from "../service";

export const getWorkflowRoute = tenantRoute({
  method: "get",
  path: "/v1/workflows/{workflowId}",
  operationId: "getWorkflow",
  tags: ["Workflows"],
  summary: "Get a workflow definition",
  scope: "workflows:read",
  request: { params: z.object({ workflowId: WorkflowIdParam }) },
  responses: {
    200: jsonContent(async () => {
      const { WorkflowSchema } = await import("../responses");
      return z.object({ success: z.literal(true), workflow: WorkflowSchema });
    }, "The workflow"),
  },
});

export const registerGetWorkflow = (app: App) =>
  app.openapi(getWorkflowRoute, async (c) => {
    const workflow = await getWorkflow(c.get("ctx"), c.req.valid("param").workflowId);
    return c.json({ success: true as const, workflow }, 200);
  });
