import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { getSummary } from "../service";

export const summaryRoute = tenantRoute({
  method: "get",
  path: "/v1/bhi/summary",
  operationId: "getBhiSummary",
  tags: ["BHI"],
  summary: "Get the BHI portfolio summary",
  description: "Over each customer's latest record.",
  scope: "bhi:read",
  responses: {
    200: jsonContent(async () => {
      const { BhiSummarySchema } = await import("../responses");
      return z.object({ success: z.literal(true), summary: BhiSummarySchema });
    }, "Summary"),
  },
});

export const registerSummary = (app: App) =>
  app.openapi(summaryRoute, async (c) =>
    c.json({ success: true as const, summary: await getSummary(c.get("ctx")) }, 200),
  );
