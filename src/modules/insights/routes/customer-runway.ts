import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getCustomerRunway } from "../runway/service";

export const customerRunwayRoute = tenantRoute({
  method: "get",
  path: "/v1/insights/runway/{customerId}",
  operationId: "getCustomerRunway",
  tags: ["Insights"],
  summary: "Get a customer's cash runway",
  description: "Expected months and p10/p50/p90 with an 80% interval (404 when the customer is absent).",
  scope: "insights:read",
  request: { params: z.object({ customerId: uuidParam("customerId") }) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).CustomerRunwayResponse, "Runway"),
  },
});

export const registerCustomerRunway = (app: App) =>
  app.openapi(customerRunwayRoute, async (c) => {
    const { customerId } = c.req.valid("param");
    return c.json({ success: true as const, runway: await getCustomerRunway(c.get("ctx"), customerId) }, 200);
  });
