import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { presentAssessment } from "../present";
import { SmeWindowQuery } from "../schemas";
import { getForCustomer } from "../service";

export const getRoute = tenantRoute({
  method: "get",
  path: "/v1/sme-health/{customerId}",
  operationId: "getSmeHealth",
  tags: ["SME health"],
  summary: "Get a customer's SME health",
  description:
    "Advisory; stored if fresh, else computed from current data. " +
    "Serves the latest assessment stored by POST /v1/sme-health/calculate for the same window while it is " +
    "younger than 24 hours and no transaction of the customer has been ingested since (`source: stored`); " +
    "otherwise computes it from current data without storing it (`source: computed`). 404 only when the " +
    "customer is absent.",
  scope: "sme:read",
  request: { params: z.object({ customerId: uuidParam("customerId") }), query: SmeWindowQuery },
  responses: {
    200: jsonContent(async () => (await import("../responses")).SmeHealthResponse, "The assessment"),
  },
});

export const registerGet = (app: App) =>
  app.openapi(getRoute, async (c) => {
    const { customerId } = c.req.valid("param");
    const { windowDays } = c.req.valid("query");
    return c.json(presentAssessment(await getForCustomer(c.get("ctx"), customerId, windowDays)), 200);
  });
