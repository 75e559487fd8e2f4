import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { ErasureParams } from "../schemas";
import { getErasure } from "../service";

export const getErasureRoute = tenantRoute({
  method: "get",
  path: "/v1/erasures/{erasureId}",
  operationId: "getCustomerErasure",
  tags: ["Data"],
  summary: "Get a customer erasure",
  description: "The erasure's status and progress.",
  scope: "data:read",
  request: { params: ErasureParams },
  responses: {
    200: jsonContent(async () => (await import("../responses")).CustomerErasureResponse, "The erasure"),
  },
});

export const registerGetErasure = (app: App) =>
  app.openapi(getErasureRoute, async (c) => {
    const erasure = await getErasure(c.get("ctx"), c.req.valid("param").erasureId);
    return c.json({ success: true as const, erasure }, 200);
  });
