import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import {
  jsonContent,
  PaginationSchema,
  pagination,
  TopLevelPagination,
  tenantRoute,
} from "../../../http/openapi";
import { CaseListQuery } from "../cases/schemas";
import { DISCLAIMER } from "../schemas";
import { listCases } from "../service";

export const listCasesRoute = tenantRoute({
  method: "get",
  path: "/v1/fraud/cases",
  operationId: "listFraudCases",
  tags: ["Fraud"],
  summary: "List fraud cases",
  description:
    "With filters; newest first. Pages as `GET /v1/kyc-aml/cases` does: `pagination` (limit, cursor, " +
    "offset); the same fields also at the top level, as before.",
  scope: "fraud:read",
  request: { query: CaseListQuery },
  responses: {
    200: jsonContent(async () => {
      const { FraudCaseSchema, Disclaimer } = await import("../responses");
      return z.object({
        success: z.literal(true),
        data: z.array(FraudCaseSchema),
        ...TopLevelPagination,
        pagination: PaginationSchema,
        disclaimer: Disclaimer,
      });
    }, "Cases"),
  },
});

export const registerListCases = (app: App) =>
  app.openapi(listCasesRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const { data, page } = await listCases(c.get("ctx"), filter, { limit, offset, cursor });
    const paging = pagination(page, limit);
    return c.json(
      {
        success: true as const,
        data,
        ...paging,
        pagination: paging,
        disclaimer: DISCLAIMER,
      },
      200,
    );
  });
