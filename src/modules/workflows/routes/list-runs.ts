import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, pagination, TopLevelPagination, tenantRoute } from "../../../http/openapi";
import { RunsQuery } from "../schemas";
import { listRuns } from "../service";

export const listRunsRoute = tenantRoute({
  method: "get",
  path: "/v1/workflows/runs",
  operationId: "listWorkflowRuns",
  tags: ["Workflows"],
  summary: "List workflow runs",
  description: "Newest first.",
  scope: "workflows:read",
  request: { query: RunsQuery },
  responses: {
    200: jsonContent(async () => {
      const { WorkflowRunSchema } = await import("../responses");
      return z.object({
        success: z.literal(true),
        data: z.array(WorkflowRunSchema),
        ...TopLevelPagination,
      });
    }, "Runs"),
  },
});

export const registerListRuns = (app: App) =>
  app.openapi(listRunsRoute, async (c) => {
    const { limit, offset, cursor, workflowId, status } = c.req.valid("query");
    const { data, page } = await listRuns(c.get("ctx"), { workflowId, status }, { limit, offset, cursor });
    return c.json({ success: true as const, data, ...pagination(page, limit) }, 200);
  });
