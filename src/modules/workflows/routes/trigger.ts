import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { TriggerBody, WorkflowIdParam } from "../schemas";
import { triggerWorkflow } from "../service";

export const triggerWorkflowRoute = tenantRoute({
  method: "post",
  path: "/v1/workflows/{workflowId}/trigger",
  operationId: "triggerWorkflow",
  tags: ["Workflows"],
  summary: "Start a workflow run",
  description:
    "Stores a `pending` run and answers 202 at once; the run executes on the jobs queue " +
    "(pending -> running -> succeeded | failed). Follow it with GET /v1/workflows/runs/{runId}. " +
    "404 when the named customer is absent.",
  scope: "workflows:write",
  request: { params: z.object({ workflowId: WorkflowIdParam }), body: jsonBody(TriggerBody, false) },
  responses: { 202: jsonContent(async () => (await import("../responses")).TriggerResponse, "Run queued") },
});

export const registerTriggerWorkflow = (app: App) =>
  app.openapi(triggerWorkflowRoute, async (c) => {
    const body = (c.req.valid("json") as z.infer<typeof TriggerBody> | undefined) ?? {};
    const result = await triggerWorkflow(
      c.get("ctx"),
      c.req.valid("param").workflowId,
      body,
      `api:${c.get("auth").keyId}`,
    );
    return c.json({ success: true as const, ...result }, 202);
  });
