import { fromMinor } from "../../../lib/money";
import type { StockoutForecast } from "./domain/forecast";
import type { AgentForecast } from "./forecast/service";

const stockout = (s: StockoutForecast) => ({
  balance: fromMinor(s.balance),
  floor: fromMinor(s.floor),
  hoursToStockout: s.hoursToStockout,
  notWithinHorizon: s.hoursToStockout.p50 === null,
  probabilityWithin24h: s.probabilityWithin24h,
  probabilityWithin72h: s.probabilityWithin72h,
  suggestedRebalance: fromMinor(s.suggestedRebalance),
});

export const presentForecast = (f: AgentForecast) => ({
  asOf: f.asOf,
  method: "monte_carlo_hour_of_week" as const,
  horizonHours: f.horizonHours,
  paths: f.paths,
  coverDays: f.coverDays,
  historyWeeks: f.historyWeeks,
  pooling: f.pooling,
  expectedNetFlowPerDay: fromMinor(f.expectedNetFlowPerDay),
  eFloat: stockout(f.eFloat),
  cash: f.cash ? stockout(f.cash) : null,
});
