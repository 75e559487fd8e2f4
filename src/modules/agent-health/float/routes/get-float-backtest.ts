import { z } from "@hono/zod-openapi";
import type { App } from "../../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../../http/openapi";
import { getFloatBacktest } from "../backtest/runner";

export const getFloatBacktestRoute = tenantRoute({
  method: "get",
  fresh: true,
  path: "/v1/agent-health/float-backtests/{backtestId}",
  operationId: "getAgentFloatBacktest",
  tags: ["Agent health"],
  summary: "Get a float backtest",
  description: "Status, progress and, once done, its coverage and error figures.",
  scope: "agents:read",
  feature: "agentNetwork",
  request: { params: z.object({ backtestId: uuidParam("backtestId") }) },
  responses: {
    200: jsonContent(
      async () => (await import("../backtest/responses")).FloatBacktestRunResponse,
      "The backtest run",
    ),
  },
});

export const registerGetFloatBacktest = (app: App) =>
  app.openapi(getFloatBacktestRoute, async (c) =>
    c.json(
      { success: true as const, ...(await getFloatBacktest(c.get("ctx"), c.req.valid("param").backtestId)) },
      200,
    ),
  );
