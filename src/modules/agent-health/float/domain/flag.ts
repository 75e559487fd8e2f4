import { fromMinor } from "../../../../lib/money";
import { round2 } from "../../../../lib/numbers";
import type { Flag } from "../../domain/types";
import { COVER_QUANTILE, type Forecast } from "./forecast";

/** P(stock-out within 72 h) at which the flag shows and an episode opens. */
export const RISK_OPEN = 0.5;
/** Below this the episode closes and agent.float_low is re-armed (hysteresis against flapping). */
export const RISK_CLOSE = 0.25;
/** P(stock-out within 24 h) at which the flag is critical. */
export const RISK_CRITICAL_24H = 0.5;

export const atRisk = (f: Forecast) => f.eFloat.probabilityWithin72h >= RISK_OPEN;
export const recovered = (f: Forecast) => f.eFloat.probabilityWithin72h < RISK_CLOSE;

const pct = (p: number) => `${round2(p * 100)}%`;
const hours = (h: number | null) => (h === null ? "beyond the horizon" : `${h} h`);

/** float_stockout_risk: the forecast's reason, and what a top-up of the suggested amount changes. */
export function stockoutFlag(f: Forecast, coverDays: number, currency: string, now: Date): Flag | null {
  if (!atRisk(f)) return null;
  const e = f.eFloat;
  const critical = e.probabilityWithin24h >= RISK_CRITICAL_24H;
  const amount = `${currency} ${fromMinor(e.suggestedRebalance)}`;
  return {
    type: "float_stockout_risk",
    severity: critical ? "critical" : "warning",
    description:
      `E-float is forecast to fall below a typical cash-in (${currency} ${fromMinor(e.floor)}) within 72 h ` +
      `with probability ${pct(e.probabilityWithin72h)} (24 h: ${pct(e.probabilityWithin24h)}); ` +
      `hours to stock-out p10 ${hours(e.hoursToStockout.p10)}, p50 ${hours(e.hoursToStockout.p50)}, p90 ${hours(e.hoursToStockout.p90)}, ` +
      `at the agent's own hour-of-week demand (expected net flow ${currency} ${fromMinor(f.expectedNetFlowPerDay)} a day).`,
    detectedAt: now.toISOString(),
    daysSinceActivity: null,
    percentageValue: round2(e.probabilityWithin72h * 100),
    threshold: RISK_OPEN * 100,
    suggestedAction: `Arrange an e-float top-up or rebalancing of about ${amount} through the agent's super-agent or bank. Diagnostic only: no automated action follows.`,
    counterfactual:
      `With ${amount} more e-float now, at least ${pct(COVER_QUANTILE)} of simulated paths stay above the floor for ` +
      `${coverDays} days (the tenant's cover setting)` +
      (coverDays >= 3
        ? `, so P(72 h) would be at most ${pct(1 - COVER_QUANTILE)} and the flag would clear.`
        : "."),
  };
}

const ORDER = { critical: 0, warning: 1, info: 2 } as const;

/** The flags with `flag` added in severity order (stable: it goes after its equals). */
export function withFlag(flags: Flag[], flag: Flag | null): Flag[] {
  if (!flag) return flags;
  return [...flags, flag].sort((x, y) => ORDER[x.severity] - ORDER[y.severity]);
}
