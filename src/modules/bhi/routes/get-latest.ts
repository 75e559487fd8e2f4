import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { presentRecord } from "../present";
import { getLatest } from "../service";

export const getLatestRoute = tenantRoute({
  method: "get",
  path: "/v1/bhi/{customerId}",
  operationId: "getCustomerBhi",
  tags: ["BHI"],
  summary: "Get a customer's latest BHI",
  description: "404 when the customer or its BHI is absent.",
  scope: "bhi:read",
  request: { params: z.object({ customerId: uuidParam("customerId") }) },
  responses: {
    200: jsonContent(async () => {
      const { BhiRecordSchema } = await import("../responses");
      return z.object({ success: z.literal(true), bhi: BhiRecordSchema });
    }, "Latest record"),
  },
});

export const registerGetLatest = (app: App) =>
  app.openapi(getLatestRoute, async (c) => {
    const row = await getLatest(c.get("ctx"), c.req.valid("param").customerId);
    return c.json({ success: true as const, bhi: presentRecord(row) }, 200);
  });
