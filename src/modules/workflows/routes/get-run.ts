import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getRun } from "../service";

export const getRunRoute = tenantRoute({
  method: "get",
  fresh: true,
  path: "/v1/workflows/runs/{runId}",
  operationId: "getWorkflowRun",
  tags: ["Workflows"],
  summary: "Get a workflow run",
  description: "With its steps.",
  scope: "workflows:read",
  request: { params: z.object({ runId: uuidParam("runId") }) },
  responses: {
    200: jsonContent(async () => {
      const { WorkflowRunSchema } = await import("../responses");
      return z.object({ success: z.literal(true), run: WorkflowRunSchema });
    }, "The run"),
  },
});

export const registerGetRun = (app: App) =>
  app.openapi(getRunRoute, async (c) => {
    const run = await getRun(c.get("ctx"), c.req.valid("param").runId);
    return c.json({ success: true as const, run }, 200);
  });
