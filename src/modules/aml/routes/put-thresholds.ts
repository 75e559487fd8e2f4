import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER, PutThresholdsBody } from "../schemas";
import { putThresholds } from "../service";

export const putThresholdsRoute = tenantRoute({
  method: "put",
  path: "/v1/kyc-aml/thresholds",
  operationId: "putAmlThresholds",
  tags: ["KYC/AML"],
  summary: "Set the tenant's AML thresholds",
  description:
    "Replaces its overrides; unknown names and bad values answer 400. Under maker-checker (`rulesRequireSecondApprover`) 409 `conflict` with a `details` entry of code `second_approver_required`: change the AML rule-set draft and have another key publish it.",
  scope: "aml:write",
  request: { body: jsonBody(PutThresholdsBody) },
  responses: {
    200: jsonContent(
      async () => (await import("../responses")).ThresholdsResponse,
      "Effective thresholds after the change",
    ),
    ...errorResponses(409),
  },
});

export const registerPutThresholds = (app: App) =>
  app.openapi(putThresholdsRoute, async (c) => {
    const result = await putThresholds(c.get("ctx"), c.req.valid("json").thresholds);
    return c.json({ success: true as const, ...result, disclaimer: DISCLAIMER }, 200);
  });
