import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER } from "../schemas";
import { getThresholds } from "../service";

export const getThresholdsRoute = tenantRoute({
  method: "get",
  path: "/v1/kyc-aml/thresholds",
  operationId: "getAmlThresholds",
  tags: ["KYC/AML"],
  summary: "Get the effective AML thresholds",
  description: "Defaults merged with the tenant's own values.",
  scope: "aml:read",
  responses: {
    200: jsonContent(async () => (await import("../responses")).ThresholdsResponse, "Thresholds"),
  },
});

export const registerGetThresholds = (app: App) =>
  app.openapi(getThresholdsRoute, async (c) =>
    c.json({ success: true as const, ...(await getThresholds(c.get("ctx"))), disclaimer: DISCLAIMER }, 200),
  );
