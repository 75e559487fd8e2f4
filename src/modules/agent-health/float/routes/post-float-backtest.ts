import type { App } from "../../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../../http/openapi";
import { startFloatBacktest } from "../backtest/runner";
import { FloatBacktestBody } from "../backtest/schemas";

export const postFloatBacktestRoute = tenantRoute({
  method: "post",
  path: "/v1/agent-health/float-backtests",
  operationId: "backtestAgentFloatForecast",
  tags: ["Agent health"],
  summary: "Backtest the e-float stock-out forecast",
  description:
    "On the tenant's own data over held-out weeks. " +
    "At each cut (every `cutEveryHours` over the held-out weeks before `to`) every agent is forecast as of then, " +
    "with the method the API serves and only the data before the cut, and compared with the next 168 hours " +
    "(first hour the balance, moved by customer flows only, closes below the floor). Returns the p10-p90 " +
    "interval's coverage (all forecasts and at-risk ones, with misses early and late), calibration of P(24 h) " +
    "and P(72 h), and the p50 error. Writes nothing but the run document, hence the read scope. Runs of up to " +
    "8 cuts and 2,500 forecasts (agents x cuts) finish in the request (200); larger ones, or `async: true`, are " +
    "queued (202) and advance up to 8 slices (cut x up to 2,500 agents) a step on the jobs queue: read progress from GET .../float-backtests/{backtestId}.",
  scope: "agents:read",
  feature: "agentNetwork",
  request: { body: jsonBody(FloatBacktestBody) },
  responses: {
    200: jsonContent(
      async () => (await import("../backtest/responses")).FloatBacktestRunResponse,
      "The finished run",
    ),
    202: jsonContent(
      async () => (await import("../backtest/responses")).FloatBacktestRunResponse,
      "Queued on the jobs queue",
    ),
  },
});

export const registerPostFloatBacktest = (app: App) =>
  app.openapi(postFloatBacktestRoute, async (c) => {
    const { async: queue, ...body } = c.req.valid("json");
    const { queued, run } = await startFloatBacktest(c.get("ctx"), body, { queue });
    return queued
      ? c.json({ success: true as const, ...run }, 202)
      : c.json({ success: true as const, ...run }, 200);
  });
