import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { SanctionsCaseParams } from "../schemas";
import { getCase } from "../service";

export const getCaseRoute = tenantRoute({
  method: "get",
  path: "/v1/sanctions/cases/{caseId}",
  operationId: "getSanctionsCase",
  tags: ["Sanctions"],
  summary: "Get a sanctions case",
  description: "One sanctions case; another tenant's is 404.",
  scope: "aml:read",
  request: { params: SanctionsCaseParams },
  responses: {
    200: jsonContent(async () => {
      const { SanctionsCaseSchema } = await import("../responses");
      return z.object({ success: z.literal(true), case: SanctionsCaseSchema });
    }, "The case"),
  },
});

export const registerGetCase = (app: App) =>
  app.openapi(getCaseRoute, async (c) => {
    const found = await getCase(c.get("ctx"), c.req.valid("param").caseId);
    return c.json({ success: true as const, case: found }, 200);
  });
