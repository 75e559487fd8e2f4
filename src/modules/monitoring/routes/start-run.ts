import type { App } from "../../../http/context";
import { errorResponses, jsonContent, tenantRoute } from "../../../http/openapi";
import { startManualRun } from "../runs/service";

export const startRunRoute = tenantRoute({
  method: "post",
  path: "/v1/monitoring/runs",
  operationId: "startMonitoringRun",
  tags: ["Monitoring"],
  summary: "Start a portfolio monitoring run",
  description:
    "A manual run, started now; audited. " +
    "Screens, on the queue, every entity with activity since its last screening that arrived before the run began; unchanged entities are skipped and counted. Alerts it raises carry trigger on_demand and the run's id. 409 while another run of the tenant is in progress.",
  scope: "aml:write",
  responses: {
    202: jsonContent(
      async () => (await import("../runs/responses")).MonitoringRunResponse,
      "The run, started on the queue",
    ),
    ...errorResponses(409),
  },
});

export const registerStartRun = (app: App) =>
  app.openapi(startRunRoute, async (c) => {
    const run = await startManualRun(c.get("ctx"));
    return c.json({ success: true as const, run }, 202);
  });
