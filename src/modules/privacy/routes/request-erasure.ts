import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { ErasureCustomerParams } from "../schemas";
import { requestErasure } from "../service";

export const requestErasureRoute = tenantRoute({
  method: "post",
  path: "/v1/customers/{customerId}/erasure",
  operationId: "eraseCustomer",
  tags: ["Data"],
  summary: "Erase a customer's personal data",
  description:
    "A data-subject request (Ghana Data Protection Act 2012): names, contact details, identifiers and " +
    "free-text mentions are replaced by [erased] in every table; transactions are kept under the " +
    "pseudonymous id; runs on the jobs queue.",
  scope: "data:write",
  request: { params: ErasureCustomerParams },
  responses: {
    202: jsonContent(
      async () => (await import("../responses")).CustomerErasureResponse,
      "Queued; follow it at GET /v1/erasures/{erasureId}",
    ),
  },
});

export const registerRequestErasure = (app: App) =>
  app.openapi(requestErasureRoute, async (c) => {
    const erasure = await requestErasure(c.get("ctx"), c.req.valid("param").customerId);
    return c.json({ success: true as const, erasure }, 202);
  });
