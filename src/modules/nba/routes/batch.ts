import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import type { NbaAction } from "../domain/facts";
import { BatchBody } from "../schemas";
import { generateBatch } from "../service";

export const batchRoute = tenantRoute({
  method: "post",
  path: "/v1/nba/batch",
  operationId: "generateNbaBatch",
  tags: ["NBA"],
  summary: "Generate next-best actions for customers",
  description:
    "Up to 100 customers. " +
    "Each customer is evaluated independently: an absent customer is a `failed` result, not an error of the request. " +
    "Needs `nba:read`; with `recordEvents: true` (needs `nba:write`) an `nba.generated` event is recorded per customer with actions.",
  scope: "nba:read",
  request: { body: jsonBody(BatchBody) },
  responses: {
    200: jsonContent(
      async () => (await import("../responses")).BatchResponse,
      "One result per distinct customer id, in request order",
    ),
  },
});

export const registerBatch = (app: App) =>
  app.openapi(batchRoute, async (c) => {
    const items = await generateBatch(c.get("ctx"), c.req.valid("json"), c.get("auth").scopes);
    const results = items.map((i) =>
      i.status === "ok" ? i : { ...i, actions: [] as NbaAction[], evaluatedRules: 0, matchedRules: 0 },
    );
    const successful = items.filter((i) => i.status === "ok").length;
    return c.json(
      {
        success: true as const,
        results,
        summary: {
          total: items.length,
          successful,
          failed: items.length - successful,
          actionCount: results.reduce((n, r) => n + r.actions.length, 0),
        },
      },
      200,
    );
  });
