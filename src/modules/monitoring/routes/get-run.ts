import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getRun } from "../runs/service";

export const getRunRoute = tenantRoute({
  method: "get",
  fresh: true,
  path: "/v1/monitoring/runs/{runId}",
  operationId: "getMonitoringRun",
  tags: ["Monitoring"],
  summary: "Get a portfolio monitoring run",
  description: "With its figures.",
  scope: "aml:read",
  request: { params: z.object({ runId: uuidParam("runId") }) },
  responses: {
    200: jsonContent(async () => (await import("../runs/responses")).MonitoringRunResponse, "The run"),
  },
});

export const registerGetRun = (app: App) =>
  app.openapi(getRunRoute, async (c) => {
    const run = await getRun(c.get("ctx"), c.req.valid("param").runId);
    return c.json({ success: true as const, run }, 200);
  });
