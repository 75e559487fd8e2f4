import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute } from "../../../http/openapi";
import { CaseListQuery } from "../cases/schemas";
import { listCases } from "../cases/service";
import { DISCLAIMER } from "../schemas";

export const listCasesRoute = tenantRoute({
  method: "get",
  path: "/v1/kyc-aml/cases",
  operationId: "listAmlCases",
  tags: ["KYC/AML"],
  summary: "List AML cases",
  description:
    "Filter by status, entityType, entityId and ruleId; newest first. Pages as `GET /v1/fraud/cases` " +
    "does: `pagination` (limit, cursor, offset).",
  scope: "aml:read",
  request: { query: CaseListQuery },
  responses: {
    200: jsonContent(async () => (await import("../cases/responses")).CaseListResponse, "AML cases"),
  },
});

export const registerListCases = (app: App) =>
  app.openapi(listCasesRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const { data, page } = await listCases(c.get("ctx"), filter, { limit, offset, cursor });
    return c.json(
      { success: true as const, data, pagination: pagination(page, limit), disclaimer: DISCLAIMER },
      200,
    );
  });
