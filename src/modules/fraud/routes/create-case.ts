import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { CreateCaseBody } from "../cases/schemas";
import { DISCLAIMER } from "../schemas";
import { createCase } from "../service";

export const createCaseRoute = tenantRoute({
  method: "post",
  path: "/v1/fraud/cases",
  operationId: "createFraudCase",
  tags: ["Fraud"],
  summary: "Open a fraud case",
  description: "Status open; event 1 is `created`.",
  scope: "fraud:write",
  request: { body: jsonBody(CreateCaseBody) },
  responses: {
    201: jsonContent(async () => {
      const { FraudCaseSchema, Disclaimer } = await import("../responses");
      return z.object({ success: z.literal(true), case: FraudCaseSchema, disclaimer: Disclaimer });
    }, "Created"),
    ...errorResponses(409),
  },
});

export const registerCreateCase = (app: App) =>
  app.openapi(createCaseRoute, async (c) => {
    const created = await createCase(c.get("ctx"), c.req.valid("json"), c.get("auth").keyId);
    return c.json({ success: true as const, case: created, disclaimer: DISCLAIMER }, 201);
  });
