import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER } from "../../fraud/schemas";
import { ScreenTransactionBody } from "../pre-transaction/schemas";
import { screenTransaction } from "../pre-transaction/service";

export const screenTransactionRoute = tenantRoute({
  method: "post",
  path: "/v1/screening/transactions",
  operationId: "screenTransaction",
  tags: ["Monitoring"],
  summary: "Screen a proposed transaction",
  description:
    "Before it happens (advisory; the transaction is not stored). " +
    "Evaluates the live fraud and AML rule sets over the entity's stored history plus the proposed transaction " +
    "and answers within the request: the fraud score, severity, fired signals with reasons and counterfactuals, " +
    "and the AML rules that fired (only for a key that also has `aml:read`). Advisory only: there is no decision " +
    "field; the client decides. Fired rules are recorded as alerts with trigger `pre_transaction` (no case, no " +
    "webhook). Another tenant's customer or account is a 404.",
  scope: "fraud:read",
  request: { body: jsonBody(ScreenTransactionBody) },
  responses: {
    200: jsonContent(async () => {
      const { Disclaimer } = await import("../../fraud/responses");
      const { ScreeningSchema } = await import("../pre-transaction/responses");
      return z.object({ success: z.literal(true), screening: ScreeningSchema, disclaimer: Disclaimer });
    }, "The screening"),
  },
});

export const registerScreenTransaction = (app: App) =>
  app.openapi(screenTransactionRoute, async (c) => {
    const auth = c.get("auth");
    const screening = await screenTransaction(c.get("ctx"), c.req.valid("json"), auth.scopes, auth.keyId);
    return c.json({ success: true as const, screening, disclaimer: DISCLAIMER }, 200);
  });
