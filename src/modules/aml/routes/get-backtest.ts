import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getBacktestRun } from "../backtest/jobs";
import { DISCLAIMER } from "../schemas";

export const getBacktestRoute = tenantRoute({
  method: "get",
  fresh: true,
  path: "/v1/kyc-aml/backtests/{backtestId}",
  operationId: "getAmlBacktest",
  tags: ["KYC/AML"],
  summary: "Get an AML threshold backtest",
  description: "A queued backtest: its status and, once done, its result.",
  scope: "aml:read",
  request: { params: z.object({ backtestId: uuidParam("backtestId") }) },
  responses: {
    200: jsonContent(
      async () => (await import("../backtest/responses")).BacktestRunResponse,
      "The backtest run",
    ),
  },
});

export const registerGetBacktest = (app: App) =>
  app.openapi(getBacktestRoute, async (c) => {
    const run = await getBacktestRun(c.get("ctx"), c.req.valid("param").backtestId);
    return c.json({ success: true as const, ...run, disclaimer: DISCLAIMER } as never, 200);
  });
