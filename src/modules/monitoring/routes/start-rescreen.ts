import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { RESCREEN_KINDS, rescreenLive } from "../runs/rescreen/service";

const RescreenBody = z
  .strictObject({
    kind: z
      .enum(RESCREEN_KINDS)
      .openapi({ description: "The rule set whose live version the population is screened under" }),
  })
  .openapi("StartRescreenRequest");

export const startRescreenRoute = tenantRoute({
  method: "post",
  path: "/v1/monitoring/rescreens",
  operationId: "startMonitoringRescreen",
  tags: ["Monitoring"],
  summary: "Rescreen the population under the live rules",
  description:
    "A portfolio run that screens every entity screened before it began, changed or not, page by page on the queue, " +
    "under the live fraud and AML rule sets; alerts it raises carry trigger rescreen and the run's id. Publishing a " +
    "version starts one by itself. Idempotent per version: while the kind's live version is the same, the same run " +
    "is answered (created false). Audited.",
  scope: "aml:write",
  request: { body: jsonBody(RescreenBody) },
  responses: {
    202: jsonContent(
      async () => (await import("../runs/responses")).MonitoringRescreenResponse,
      "The version's rescreen run (started now, or the one it already has)",
    ),
  },
});

export const registerStartRescreen = (app: App) =>
  app.openapi(startRescreenRoute, async (c) => {
    const { run, created } = await rescreenLive(c.get("ctx"), c.req.valid("json").kind);
    return c.json({ success: true as const, run, created }, 202);
  });
