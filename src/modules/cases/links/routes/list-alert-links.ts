import type { App } from "../../../../http/context";
import { jsonContent, tenantRoute } from "../../../../http/openapi";
import { AlertParams } from "../schemas";
import { alertLinks } from "../service";

const alertLinksRoute = tenantRoute({
  method: "get",
  path: "/v1/monitoring/alerts/{alertId}/links",
  operationId: "listMonitoringAlertLinks",
  tags: ["Monitoring"],
  summary: "List an alert's linked cases",
  description:
    "The cases linked to a stored alert (POST .../cases/{caseId}/links), oldest first; a fraud alert " +
    "needs fraud:read as well.",
  scope: "aml:read",
  request: { params: AlertParams },
  responses: {
    200: jsonContent(async () => (await import("../responses")).LinkListResponse, "The alert's links"),
  },
});

export const registerListAlertLinks = (app: App) =>
  app.openapi(alertLinksRoute, async (c) => {
    const data = await alertLinks(c.get("ctx"), c.req.valid("param").alertId, c.get("auth").scopes);
    return c.json({ success: true as const, data }, 200);
  });
