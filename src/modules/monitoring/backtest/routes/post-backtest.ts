import type { App } from "../../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../../http/openapi";
import type { RuleSetKind } from "../../../rules/domain/document";
import { KINDS, label, readScope, ruleSetName, TAGS } from "../../../rules/domain/kinds";
import { startBacktest } from "../runner";
import { RuleSetBacktestBody } from "../schemas";

const route = (kind: RuleSetKind) =>
  tenantRoute({
    method: "post",
    path: `/v1/rule-sets/${kind}/backtest`,
    operationId: `backtest${label(kind)}RuleSetDraft`,
    tags: TAGS,
    summary: `Backtest the ${ruleSetName(kind)} rule-set draft`,
    description:
      "Runs the draft and the live version over a date range and compares them per rule. " +
      "Entities with a transaction in [from, to] are evaluated as of `to` under both versions: per rule, hits " +
      "under each, entities newly hit and no longer hit (counts and the first 20 ids), and case-feedback " +
      "precision. Opens no case and writes nothing but the run document, hence the read scope. Up to 2,000 " +
      "active entities run in the request (200); more, or `async: true`, are queued (202) and advance step by " +
      "step on the jobs queue: read progress from GET .../backtests/{backtestId}. A queued 202 may name an " +
      "existing run: an identical request while one is queued or running joins it (`joined: true`, its id). " +
      "409: no draft. " +
      (kind === "fraud"
        ? "Fraud built-in signals are evaluated per entity and are listed in skippedRules; custom rules are backtested."
        : "AML built-ins and custom rules are backtested."),
    scope: readScope(kind),
    request: { body: jsonBody(RuleSetBacktestBody) },
    responses: {
      200: jsonContent(
        async () => (await import("../responses")).RuleSetBacktestRunResponse,
        "The finished run",
      ),
      202: jsonContent(
        async () => (await import("../responses")).RuleSetBacktestRunResponse,
        "Queued on the jobs queue, or the identical run already queued (joined)",
      ),
      ...errorResponses(409),
    },
  });

export const registerPostBacktest = (app: App) => {
  for (const kind of KINDS)
    app.openapi(route(kind), async (c) => {
      const { async: queue, ...input } = c.req.valid("json");
      const { queued, run } = await startBacktest(c.get("ctx"), kind, input, { queue });
      return queued
        ? c.json({ success: true as const, ...run }, 202)
        : c.json({ success: true as const, ...run } as never, 200);
    });
};
