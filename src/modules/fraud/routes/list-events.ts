import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import {
  jsonContent,
  PaginationQuery,
  pagination,
  TopLevelPagination,
  tenantRoute,
} from "../../../http/openapi";
import { DISCLAIMER } from "../schemas";
import { listEvents } from "../service";
import { CaseParams } from "./get-case";

export const listEventsRoute = tenantRoute({
  method: "get",
  path: "/v1/fraud/cases/{caseId}/events",
  operationId: "listFraudCaseEvents",
  tags: ["Fraud"],
  summary: "List a fraud case's events",
  description: "In eventSequence order.",
  scope: "fraud:read",
  request: { params: CaseParams, query: PaginationQuery },
  responses: {
    200: jsonContent(async () => {
      const { FraudCaseEventSchema, Disclaimer } = await import("../responses");
      return z.object({
        success: z.literal(true),
        caseId: z.uuid(),
        data: z.array(FraudCaseEventSchema),
        ...TopLevelPagination,
        disclaimer: Disclaimer,
      });
    }, "Events"),
  },
});

export const registerListEvents = (app: App) =>
  app.openapi(listEventsRoute, async (c) => {
    const { caseId } = c.req.valid("param");
    const { limit, offset, cursor } = c.req.valid("query");
    const { data, page } = await listEvents(c.get("ctx"), caseId, { limit, offset, cursor });
    return c.json(
      {
        success: true as const,
        caseId,
        data,
        ...pagination(page, limit),
        disclaimer: DISCLAIMER,
      },
      200,
    );
  });
