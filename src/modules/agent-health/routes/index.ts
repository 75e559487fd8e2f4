import type { App } from "../../../http/context";
import { registerGetFloatBacktest } from "../float/routes/get-float-backtest";
import { registerGetFloatHistory } from "../float/routes/get-float-history";
import { registerPostFloatBacktest } from "../float/routes/post-float-backtest";
import { registerRecordFloatReports } from "../float/routes/record-float-reports";
import { registerCalculate } from "./calculate";
import { registerGetAgentHealth } from "./get-agent-health";
import { registerListBenchmarks } from "./list-benchmarks";
import { registerPortfolioSummary } from "./portfolio-summary";
import { registerRefreshPortfolio } from "./refresh-portfolio";
import { registerRefreshProgress } from "./refresh-progress";

export function registerAgentHealthRoutes(app: App): void {
  // Literal paths before "/v1/agent-health/{agentId}" so "benchmarks" is never read as an id.
  registerListBenchmarks(app);
  registerPortfolioSummary(app);
  registerRefreshPortfolio(app);
  registerRefreshProgress(app);
  registerPostFloatBacktest(app);
  registerGetFloatBacktest(app);
  registerCalculate(app);
  registerGetAgentHealth(app);
  registerGetFloatHistory(app);
  registerRecordFloatReports(app);
}
