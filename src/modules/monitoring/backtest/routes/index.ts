import type { App } from "../../../../http/context";
import { registerGetBacktest } from "./get-backtest";
import { registerPostBacktest } from "./post-backtest";

/**
 * POST and GET /v1/rule-sets/{kind}/backtests: under the rule-set paths, but run by monitoring,
 * which may call the fraud and AML engines (rules sits below both). src/app.ts mounts them right
 * after the rule-set routes.
 */
export function registerRuleSetBacktestRoutes(app: App): void {
  registerPostBacktest(app);
  registerGetBacktest(app);
}
