import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { AlertListQuery } from "../alerts/schemas";
import { listAlerts, visibleKinds } from "../alerts/service";

export const listAlertsRoute = tenantRoute({
  method: "get",
  path: "/v1/monitoring/alerts",
  operationId: "listMonitoringAlerts",
  tags: ["Monitoring"],
  summary: "List monitoring alerts",
  description:
    "Stored monitoring alerts, newest first; filter by kind, ruleId, ruleSetVersion, severity, " +
    "entity, trigger and createdAt range. Fraud alerts need fraud:read as well.",
  scope: "aml:read",
  request: { query: AlertListQuery },
  responses: {
    200: jsonContent(async () => (await import("../alerts/responses")).AlertListResponse, "Alerts"),
  },
});

export const registerListAlerts = (app: App) =>
  app.openapi(listAlertsRoute, async (c) => {
    const { limit, offset, cursor, ...query } = c.req.valid("query");
    const kinds = visibleKinds(c.get("auth").scopes);
    const { data, page } = await listAlerts(c.get("ctx"), query, kinds, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
