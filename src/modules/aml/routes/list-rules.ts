import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER } from "../schemas";
import { listRules } from "../service";

export const listRulesRoute = tenantRoute({
  method: "get",
  path: "/v1/kyc-aml/rules",
  operationId: "listAmlRules",
  tags: ["KYC/AML"],
  summary: "List AML trigger rules",
  description: "With their effective thresholds and basis.",
  scope: "aml:read",
  responses: {
    200: jsonContent(async () => (await import("../responses")).RulesResponse, "The rule catalog"),
  },
});

export const registerListRules = (app: App) =>
  app.openapi(listRulesRoute, async (c) =>
    c.json({ success: true as const, ...(await listRules(c.get("ctx"))), disclaimer: DISCLAIMER }, 200),
  );
