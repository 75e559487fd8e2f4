import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { backtest } from "../backtest-service";
import { BacktestBody, BacktestResponse, DISCLAIMER } from "../schemas";

export const backtestRoute = tenantRoute({
  method: "post",
  path: "/v1/kyc-aml/backtest",
  operationId: "backtestAmlRules",
  tags: ["KYC/AML"],
  summary: "Run rules over every entity with current and trial thresholds; opens no cases, persists nothing",
  scope: "aml:read",
  request: { body: jsonBody(BacktestBody) },
  responses: { 200: jsonContent(BacktestResponse, "Hits per rule, the difference, top entities") },
});

export const registerBacktest = (app: App) =>
  app.openapi(backtestRoute, async (c) => {
    const result = await backtest(c.get("ctx"), c.req.valid("json"));
    return c.json({ success: true as const, backtest: result, disclaimer: DISCLAIMER }, 200);
  });
