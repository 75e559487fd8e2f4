import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { MonthsQuery } from "../schemas";
import { getConcentration } from "../service";

export const concentrationRoute = tenantRoute({
  method: "get",
  path: "/v1/insights/concentration",
  operationId: "getConcentration",
  tags: ["Insights"],
  summary: "Get inflow concentration",
  description: "Top 1/5/10 customers, HHI, by vertical and by counterparty country.",
  scope: "insights:read",
  request: { query: MonthsQuery },
  responses: {
    200: jsonContent(async () => (await import("../responses")).ConcentrationResponse, "Concentration"),
  },
});

export const registerConcentration = (app: App) =>
  app.openapi(concentrationRoute, async (c) => {
    const { months } = c.req.valid("query");
    return c.json(
      { success: true as const, concentration: await getConcentration(c.get("ctx"), months) },
      200,
    );
  });
