import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER } from "../schemas";
import { caseStats } from "../service";

const Counts = z.record(z.string(), z.number().int());

export const caseStatsRoute = tenantRoute({
  method: "get",
  path: "/v1/fraud/cases/stats",
  operationId: "getFraudCaseStats",
  tags: ["Fraud"],
  summary: "Get fraud case statistics",
  scope: "fraud:read",
  responses: {
    200: jsonContent(async () => {
      const { Disclaimer } = await import("../responses");
      return z.object({
        success: z.literal(true),
        stats: z
          .object({
            total: z.number().int(),
            byStatus: Counts,
            bySeverity: Counts,
            byEntityType: Counts,
            openCount: z.number().int().openapi({ description: "Cases not in a closed_* status" }),
            criticalCount: z.number().int().openapi({ description: "Cases of severity critical" }),
            avgScore: z.number().openapi({ description: "Mean overallScore, 0 with no cases" }),
          })
          .openapi("FraudCaseStats"),
        disclaimer: Disclaimer,
      });
    }, "Statistics"),
  },
});

export const registerCaseStats = (app: App) =>
  app.openapi(caseStatsRoute, async (c) =>
    c.json({ success: true as const, stats: await caseStats(c.get("ctx")), disclaimer: DISCLAIMER }, 200),
  );
