import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, PaginationSchema, pagination, tenantRoute } from "../../../http/openapi";
import { FraudAlertListQuery } from "../../monitoring/alerts/schemas";
import { listFraudAlerts } from "../../monitoring/alerts/service";
import type { StoredFraudAlertSchema } from "../responses";
import { DISCLAIMER } from "../schemas";

const MESSAGE =
  "Alerts stored by continuous monitoring (on arrival, scheduled runs, on demand), newest first. " +
  "POST /v1/fraud/evaluate stores nothing; GET /v1/monitoring/alerts lists fraud and AML alerts together.";

export const listAlertsRoute = tenantRoute({
  method: "get",
  path: "/v1/fraud/alerts",
  operationId: "listFraudAlerts",
  tags: ["Fraud"],
  summary: "List fraud alerts",
  description:
    "The tenant's stored fraud alerts, newest first; filter by ruleId, ruleSetVersion, severity, " +
    "entity, trigger and createdAt range.",
  scope: "fraud:read",
  request: { query: FraudAlertListQuery },
  responses: {
    200: jsonContent(async () => {
      const { Disclaimer, StoredFraudAlertSchema } = await import("../responses");
      return z.object({
        success: z.literal(true),
        alerts: z.array(StoredFraudAlertSchema),
        pagination: PaginationSchema,
        message: z.string(),
        disclaimer: Disclaimer,
      });
    }, "Stored fraud alerts"),
  },
});

export const registerListAlerts = (app: App) =>
  app.openapi(listAlertsRoute, async (c) => {
    const { limit, offset, cursor, ...query } = c.req.valid("query");
    const { data, page } = await listFraudAlerts(c.get("ctx"), query, { limit, offset, cursor });
    return c.json(
      {
        success: true as const,
        alerts: data as z.infer<typeof StoredFraudAlertSchema>[],
        pagination: pagination(page, limit),
        message: MESSAGE,
        disclaimer: DISCLAIMER,
      },
      200,
    );
  });
