import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER, Disclaimer, FraudAlertSchema } from "../schemas";

export const listAlertsRoute = tenantRoute({
  method: "get",
  path: "/v1/fraud/alerts",
  operationId: "listFraudAlerts",
  tags: ["Fraud"],
  summary: "List fraud alerts (always empty: alerts are computed on demand)",
  scope: "fraud:read",
  responses: {
    200: jsonContent(
      z.object({
        success: z.literal(true),
        alerts: z.array(FraudAlertSchema),
        message: z.string(),
        disclaimer: Disclaimer,
      }),
      "No stored alerts",
    ),
  },
});

export const registerListAlerts = (app: App) =>
  app.openapi(listAlertsRoute, (c) =>
    c.json(
      {
        success: true as const,
        alerts: [],
        message:
          "Alerts are computed on demand and not stored: call POST /v1/fraud/evaluate, or POST /v1/fraud/evaluate-and-create to keep the result as a case.",
        disclaimer: DISCLAIMER,
      },
      200,
    ),
  );
