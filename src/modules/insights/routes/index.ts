import type { App } from "../../../http/context";
import { registerConcentration } from "./concentration";
import { registerCustomerRunway } from "./customer-runway";
import { registerNarrative } from "./narrative";
import { registerPortfolioRunway } from "./portfolio-runway";
import { registerSaasHistory } from "./saas-history";
import { registerSaasMetrics } from "./saas-metrics";
import { registerWhatIfChurn } from "./what-if-churn";

export function registerInsightsRoutes(app: App): void {
  registerSaasMetrics(app);
  registerSaasHistory(app);
  // The literal path before "/v1/insights/runway/{customerId}" so "portfolio" is never read as an id.
  registerPortfolioRunway(app);
  registerCustomerRunway(app);
  registerNarrative(app);
  registerConcentration(app);
  registerWhatIfChurn(app);
}
