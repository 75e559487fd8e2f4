import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getCustomer, presentCustomer } from "../service";

export const getCustomerRoute = tenantRoute({
  method: "get",
  path: "/v1/customers/{customerId}",
  operationId: "getCustomer",
  tags: ["Data"],
  summary: "Get a customer",
  scope: "data:read",
  request: { params: z.object({ customerId: uuidParam("customerId") }) },
  responses: {
    200: jsonContent(async () => {
      const { CustomerSchema } = await import("../responses");
      return z.object({ success: z.literal(true), customer: CustomerSchema });
    }, "The customer"),
  },
});

export const registerGetCustomer = (app: App) =>
  app.openapi(getCustomerRoute, async (c) => {
    const row = await getCustomer(c.get("ctx"), c.req.valid("param").customerId);
    return c.json({ success: true as const, customer: presentCustomer(row) }, 200);
  });
