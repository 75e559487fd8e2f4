import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { GenerateBody } from "../schemas";
import { generate } from "../service";

export const generateRoute = tenantRoute({
  method: "post",
  path: "/v1/nba/generate",
  operationId: "generateNba",
  tags: ["NBA"],
  summary: "Generate next-best actions for a customer",
  description:
    "Runs the deterministic rule catalog over the customer's latest BHI (or the given override) and cash-flow facts. " +
    "Persists nothing and needs `nba:read`; with `recordEvent: true` an `nba.generated` event is recorded, which needs `nba:write` (403 otherwise). " +
    "404 when the customer is absent.",
  scope: "nba:read",
  request: { body: jsonBody(GenerateBody) },
  responses: {
    200: jsonContent(
      async () => (await import("../responses")).GenerateResponse,
      "Recommended actions, highest priority first",
    ),
  },
});

export const registerGenerate = (app: App) =>
  app.openapi(generateRoute, async (c) => {
    const result = await generate(c.get("ctx"), c.req.valid("json"), c.get("auth").scopes);
    return c.json({ success: true as const, ...result }, 200);
  });
