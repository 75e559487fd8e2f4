import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { booleanQuery, jsonContent, tenantRoute } from "../../../http/openapi";
import { listSignals } from "../evaluation/service";
import { DISCLAIMER } from "../schemas";

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
    200: jsonContent(async () => {
      const { SignalDefinitionSchema, Disclaimer } = await import("../responses");
      return z.object({
        success: z.literal(true),
        signals: z.array(SignalDefinitionSchema),
        totalCount: z.number().int(),
        ruleSetVersion: z
          .number()
          .int()
          .min(0)
          .openapi({ description: "Live fraud rule-set version (0: defaults)" }),
        ruleSetHash: z.string().openapi({ description: "sha256 of that version's content" }),
        disclaimer: Disclaimer,
      });
    }, "Signal definitions"),
  },
});

export const registerListSignals = (app: App) =>
  app.openapi(listSignalsRoute, async (c) => {
    const { signals, ...version } = await listSignals(c.get("ctx"), c.req.valid("query").enabledOnly);
    return c.json(
      { success: true as const, signals, totalCount: signals.length, ...version, disclaimer: DISCLAIMER },
      200,
    );
  });
