import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { monitoringStatus } from "../service";

export const getStatusRoute = tenantRoute({
  method: "get",
  fresh: true,
  path: "/v1/monitoring/status",
  operationId: "getMonitoringStatus",
  tags: ["Monitoring"],
  summary: "Get the monitoring queue",
  description:
    "Continuous monitoring's queue: pending, claimed and dead-lettered entities, the latest " + "screening.",
  scope: "aml:read",
  responses: {
    200: jsonContent(async () => {
      const { MonitoringStatusSchema } = await import("../responses");
      return z.object({ success: z.literal(true), status: MonitoringStatusSchema });
    }, "The figures"),
  },
});

export const registerGetStatus = (app: App) =>
  app.openapi(getStatusRoute, async (c) => {
    const status = await monitoringStatus(c.get("ctx"));
    return c.json({ success: true as const, status }, 200);
  });
