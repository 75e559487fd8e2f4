import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { queueBacktest } from "../backtest/jobs";
import { BacktestBody } from "../backtest/schemas";
import { activeEntities, backtest, SYNC_BACKTEST_MAX_ENTITIES } from "../backtest/service";
import { DISCLAIMER } from "../schemas";

export const backtestRoute = tenantRoute({
  method: "post",
  path: "/v1/kyc-aml/backtest",
  operationId: "backtestAmlRules",
  tags: ["KYC/AML"],
  summary: "Backtest trial AML thresholds",
  description:
    "Runs the rules over every entity with current and trial thresholds; opens no cases. " +
    "Persists no domain state (no cases, no thresholds), hence `aml:read`. Runs over more than 10,000 active " +
    "entities, or with `async: true`, are queued: 202 with a `backtestId` to read from " +
    "`GET /v1/kyc-aml/backtests/{backtestId}` (the result document is kept under the tenant's prefix). " +
    "The 202 may name an existing run: an identical request while one is queued or running joins it " +
    "(`joined: true`, the running job's id) instead of queueing a second.",
  scope: "aml:read",
  request: { body: jsonBody(BacktestBody) },
  responses: {
    200: jsonContent(
      async () => (await import("../backtest/responses")).BacktestResponse,
      "Hits per rule, the difference, top entities",
    ),
    202: jsonContent(
      async () => (await import("../backtest/responses")).BacktestQueuedResponse,
      "Queued on the jobs queue, or the identical run already queued (joined)",
    ),
  },
});

export const registerBacktest = (app: App) =>
  app.openapi(backtestRoute, async (c) => {
    const ctx = c.get("ctx");
    const { async: queued, ...input } = c.req.valid("json");
    if (queued || (await activeEntities(ctx, input)) > SYNC_BACKTEST_MAX_ENTITIES) {
      const run = await queueBacktest(ctx, input);
      return c.json({ success: true as const, ...run, disclaimer: DISCLAIMER }, 202);
    }
    return c.json(
      { success: true as const, backtest: await backtest(ctx, input), disclaimer: DISCLAIMER },
      200,
    );
  });
