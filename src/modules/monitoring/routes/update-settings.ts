import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { UpdateMonitoringSettingsBody } from "../settings/schemas";
import { updateMonitoringSettings } from "../settings/service";

export const updateSettingsRoute = tenantRoute({
  method: "put",
  path: "/v1/monitoring/settings",
  operationId: "updateMonitoringSettings",
  tags: ["Monitoring"],
  summary: "Update the monitoring settings",
  description:
    "Screening on arrival and the portfolio schedule; audited. " +
    "Fields left out keep their value (schedule fields too). A schedule applies from now: a slot that began before the change is not caught up. Audited as monitoring.settings_updated.",
  scope: "aml:write",
  request: { body: jsonBody(UpdateMonitoringSettingsBody) },
  responses: {
    200: jsonContent(
      async () => (await import("../settings/responses")).MonitoringSettingsResponse,
      "The settings in force after the change",
    ),
  },
});

export const registerUpdateSettings = (app: App) =>
  app.openapi(updateSettingsRoute, async (c) => {
    const settings = await updateMonitoringSettings(c.get("ctx"), c.req.valid("json"));
    return c.json({ success: true as const, settings }, 200);
  });
