import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { monitoringSettings } from "../settings/service";

export const getSettingsRoute = tenantRoute({
  method: "get",
  path: "/v1/monitoring/settings",
  operationId: "getMonitoringSettings",
  tags: ["Monitoring"],
  summary: "Get the monitoring settings",
  description: "Those in force: screening on arrival and the portfolio schedule.",
  scope: "aml:read",
  responses: {
    200: jsonContent(
      async () => (await import("../settings/responses")).MonitoringSettingsResponse,
      "The settings, defaults filled in",
    ),
  },
});

export const registerGetSettings = (app: App) =>
  app.openapi(getSettingsRoute, async (c) =>
    c.json({ success: true as const, settings: monitoringSettings(c.get("ctx")) }, 200),
  );
