import { z } from "@hono/zod-openapi";
import type { App } from "../../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../../http/openapi";
import type { RuleSetKind } from "../../../rules/domain/document";
import { aRuleSetName, KINDS, label, readScope, TAGS } from "../../../rules/domain/kinds";
import { getBacktestRun } from "../runner";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "get",
    fresh: true,
    path: `/v1/rule-sets/${kind}/backtests/{backtestId}`,
    operationId: `get${label(kind)}RuleSetBacktest`,
    tags: TAGS,
    summary: `Get ${aRuleSetName(kind)} rule-set backtest`,
    description: "Status, progress and, once done, the comparison.",
    scope: readScope(kind),
    request: { params: z.object({ backtestId: uuidParam("backtestId") }) },
    responses: {
      200: jsonContent(
        async () => (await import("../responses")).RuleSetBacktestRunResponse,
        "The backtest run",
      ),
    },
  });

export const registerGetBacktest = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) => {
      const run = await getBacktestRun(c.get("ctx"), kind, c.req.valid("param").backtestId);
      return c.json({ success: true as const, ...run } as never, 200);
    });
};
