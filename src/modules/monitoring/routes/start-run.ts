import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, IsoDateTime, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { EVENT_LOOKBACK_DAYS } from "../domain/event-time";
import { startManualRun } from "../runs/service";

const StartRunBody = z
  .strictObject({
    lookback: z
      .strictObject({
        from: IsoDateTime.openapi({ description: "Transactions dated at or after this instant" }),
        to: IsoDateTime.openapi({
          description: "Transactions dated at or before this instant; not in the future",
        }),
      })
      .optional()
      .openapi({
        description: `A range of history to screen, at most ${EVENT_LOOKBACK_DAYS} days: every entity with transactions dated in it is screened (unchanged or not), as of the range's own dates (docs/methodology/monitoring.md#event-time)`,
      }),
  })
  .openapi("StartMonitoringRunRequest", {
    description: "Optional; without a body the run screens pending activity",
  });

export const startRunRoute = tenantRoute({
  method: "post",
  path: "/v1/monitoring/runs",
  operationId: "startMonitoringRun",
  tags: ["Monitoring"],
  summary: "Start a portfolio monitoring run",
  description:
    "A manual run, started now; audited. " +
    "Screens, on the queue, every entity with activity since its last screening that arrived before the run began; unchanged entities are skipped and counted. With a lookback, every entity with transactions dated in the range is screened as of the range's dates. Alerts it raises carry trigger on_demand and the run's id. 409 while another run of the tenant is in progress.",
  scope: "aml:write",
  request: { body: jsonBody(StartRunBody, false) },
  responses: {
    202: jsonContent(
      async () => (await import("../runs/responses")).MonitoringRunResponse,
      "The run, started on the queue",
    ),
    ...errorResponses(400, 409),
  },
});

export const registerStartRun = (app: App) =>
  app.openapi(startRunRoute, async (c) => {
    const body = StartRunBody.parse(c.req.valid("json") ?? {});
    const range = body.lookback && { from: new Date(body.lookback.from), to: new Date(body.lookback.to) };
    const run = await startManualRun(c.get("ctx"), range);
    return c.json({ success: true as const, run }, 202);
  });
