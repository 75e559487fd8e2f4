import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { portfolioAtRisk } from "../portfolio/service";
import { ParQuery } from "../schemas";

export const parRoute = tenantRoute({
  method: "get",
  path: "/v1/lending/portfolio-at-risk",
  operationId: "getPortfolioAtRisk",
  tags: ["Lending"],
  summary: "Get portfolio at risk (PAR)",
  description:
    "PAR1/PAR30/PAR90 for the tenant and by branch, product, officer or segment, with month-end " +
    "history and roll rates. " +
    "PARn = outstanding principal of active loans more than n days past due / outstanding principal of active loans, in one " +
    "currency. asOf today or later: live; an earlier asOf must be a stored month-end (else 400). Segment = the customer's vertical.",
  scope: "data:read",
  request: { query: ParQuery },
  responses: { 200: jsonContent(async () => (await import("../responses")).ParSchema, "Portfolio at risk") },
});

export const registerPortfolioAtRisk = (app: App) =>
  app.openapi(parRoute, async (c) => {
    const result = await portfolioAtRisk(c.get("ctx"), c.req.valid("query"));
    return c.json({ success: true as const, ...result }, 200);
  });
