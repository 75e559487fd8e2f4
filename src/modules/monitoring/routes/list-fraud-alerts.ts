import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, PaginationSchema, pagination, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER } from "../../fraud/schemas";
import type { StoredFraudAlertSchema } from "../alerts/responses";
import { FraudAlertListQuery } from "../alerts/schemas";
import { listFraudAlerts } from "../alerts/service";

const MESSAGE =
  "Alerts stored by continuous monitoring (on arrival, scheduled runs, on demand), newest first. " +
  "POST /v1/fraud/evaluate stores nothing; GET /v1/monitoring/alerts lists fraud and AML alerts together.";

export const listFraudAlertsRoute = tenantRoute({
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
      const [{ Disclaimer }, { StoredFraudAlertSchema }] = await Promise.all([
        import("../../fraud/responses"),
        import("../alerts/responses"),
      ]);
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

export const registerListFraudAlerts = (app: App) =>
  app.openapi(listFraudAlertsRoute, async (c) => {
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
