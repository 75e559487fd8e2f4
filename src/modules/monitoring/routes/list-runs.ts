import type { App } from "../../../http/context";
import { jsonContent, PaginationQuery, pagination, tenantRoute } from "../../../http/openapi";
import { listRuns } from "../runs/service";

export const listRunsRoute = tenantRoute({
  method: "get",
  path: "/v1/monitoring/runs",
  operationId: "listMonitoringRuns",
  tags: ["Monitoring"],
  summary: "List portfolio monitoring runs",
  description: "Scheduled and manual, newest first, with their figures.",
  scope: "aml:read",
  request: { query: PaginationQuery },
  responses: {
    200: jsonContent(async () => (await import("../runs/responses")).MonitoringRunListResponse, "Runs"),
  },
});

export const registerListRuns = (app: App) =>
  app.openapi(listRunsRoute, async (c) => {
    const { limit, offset, cursor } = c.req.valid("query");
    const { data, page } = await listRuns(c.get("ctx"), { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
