import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { booleanQuery, jsonContent, tenantRoute } from "../../../http/openapi";
import { listSignals } from "../evaluation/service";
import { DISCLAIMER, Disclaimer, SignalDefinitionSchema } from "../schemas";

export const listSignalsRoute = tenantRoute({
  method: "get",
  path: "/v1/fraud/signals",
  operationId: "listFraudSignals",
  tags: ["Fraud"],
  summary: "List fraud signal definitions",
  scope: "fraud:read",
  request: {
    query: z.object({
      enabledOnly: booleanQuery(true).openapi({ type: "boolean", description: "default true" }),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({
        success: z.literal(true),
        signals: z.array(SignalDefinitionSchema),
        totalCount: z.number().int(),
        disclaimer: Disclaimer,
      }),
      "Signal definitions",
    ),
  },
});

export const registerListSignals = (app: App) =>
  app.openapi(listSignalsRoute, (c) => {
    const signals = listSignals(c.req.valid("query").enabledOnly);
    return c.json(
      { success: true as const, signals, totalCount: signals.length, disclaimer: DISCLAIMER },
      200,
    );
  });
