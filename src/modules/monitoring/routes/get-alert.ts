import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getAlert, visibleKinds } from "../alerts/service";

export const getAlertRoute = tenantRoute({
  method: "get",
  path: "/v1/monitoring/alerts/{alertId}",
  operationId: "getMonitoringAlert",
  tags: ["Monitoring"],
  summary: "Get a monitoring alert",
  description: "One stored alert; a fraud alert needs fraud:read as well.",
  scope: "aml:read",
  request: { params: z.object({ alertId: uuidParam("alertId") }) },
  responses: {
    200: jsonContent(async () => (await import("../alerts/responses")).AlertResponse, "The alert"),
  },
});

export const registerGetAlert = (app: App) =>
  app.openapi(getAlertRoute, async (c) => {
    const kinds = visibleKinds(c.get("auth").scopes);
    const alert = await getAlert(c.get("ctx"), c.req.valid("param").alertId, kinds);
    return c.json({ success: true as const, alert }, 200);
  });
