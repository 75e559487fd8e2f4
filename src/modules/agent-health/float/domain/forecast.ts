/**
 * Stock-out forecast: a seeded Monte Carlo over the agent's hourly customer net flow
 * (docs/methodology/agent-health.md#float-forecast). Money in minor units.
 */
import { normalSource, seedOf } from "./random";
import { SLOTS, type SlotModel } from "./seasonality";

export const HORIZON_HOURS = 168;
export const DEFAULT_PATHS = 256;
/** Share of paths that must stay above the floor over the cover period (p90 demand). */
export const COVER_QUANTILE = 0.9;

export interface ForecastInput {
  agentId: string;
  /** The forecast's start (an hour boundary); with agentId, the seed. */
  asOf: Date;
  model: SlotModel;
  floatBalance: number;
  /** null: the tenant sends no cash balances for this agent. */
  cashBalance: number | null;
  /** Below these the outlet cannot serve a typical cash-in (e-float) or cash-out (cash). */
  floatFloor: number;
  cashFloor: number;
  coverHours: number;
  paths?: number;
  horizonHours?: number;
}

export interface StockoutForecast {
  balance: number;
  floor: number;
  /** Hours until the balance falls below the floor; null: not within the horizon at that quantile. */
  hoursToStockout: { p10: number | null; p50: number | null; p90: number | null };
  probabilityWithin24h: number;
  probabilityWithin72h: number;
  /** Amount to add so that COVER_QUANTILE of paths stay above the floor for the cover period. */
  suggestedRebalance: number;
}

export interface Forecast {
  eFloat: StockoutForecast;
  cash: StockoutForecast | null;
  horizonHours: number;
  paths: number;
  /** Mean customer net flow into e-float per day (negative: e-float drains). */
  expectedNetFlowPerDay: number;
}

/** Nearest-rank quantile of ascending values; Infinity (no stock-out) reads as null. */
function quantile(sorted: Float64Array, q: number): number | null {
  const v = sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
  return Number.isFinite(v) ? v : null;
}

function summarise(
  balance: number,
  floor: number,
  times: Float64Array,
  drawdowns: Float64Array,
): StockoutForecast {
  times.sort();
  drawdowns.sort();
  let in24 = 0;
  let in72 = 0;
  for (const t of times) {
    if (t <= 24) in24++;
    if (t <= 72) in72++;
  }
  const needed = floor + (quantile(drawdowns, COVER_QUANTILE) ?? 0);
  return {
    balance,
    floor,
    hoursToStockout: { p10: quantile(times, 0.1), p50: quantile(times, 0.5), p90: quantile(times, 0.9) },
    probabilityWithin24h: in24 / times.length,
    probabilityWithin72h: in72 / times.length,
    suggestedRebalance: Math.max(0, Math.ceil(needed - balance)),
  };
}

/**
 * Each path walks hour by hour from `asOf`, drawing the hour's net flow from its slot's
 * Normal(mean, sd). E-float moves with the flow, cash against it (a cash-in takes cash and
 * gives e-float away). A path's stock-out hour is the first whose closing balance is below
 * the floor (0 when it starts below); its drawdown is the deepest fall over the cover period.
 */
export function forecastStockout(input: ForecastInput): Forecast {
  const paths = input.paths ?? DEFAULT_PATHS;
  const horizon = input.horizonHours ?? HORIZON_HOURS;
  const cover = Math.min(input.coverHours, horizon);
  const { mean, sd } = input.model;
  const z = normalSource(seedOf(`${input.agentId}|${input.asOf.toISOString()}`));
  const start = input.asOf.getUTCDay() * 24 + input.asOf.getUTCHours();
  const hasCash = input.cashBalance !== null;
  const floatTimes = new Float64Array(paths);
  const cashTimes = new Float64Array(paths);
  const floatDraw = new Float64Array(paths);
  const cashDraw = new Float64Array(paths);
  for (let p = 0; p < paths; p++) {
    let cum = 0;
    let low = 0;
    let high = 0;
    let tFloat = input.floatBalance < input.floatFloor ? 0 : Number.POSITIVE_INFINITY;
    let tCash = !hasCash || (input.cashBalance as number) < input.cashFloor ? 0 : Number.POSITIVE_INFINITY;
    for (let h = 1; h <= horizon; h++) {
      const slot = (start + h - 1) % SLOTS;
      cum += mean[slot] + sd[slot] * z();
      if (h <= cover) {
        if (cum < low) low = cum;
        if (cum > high) high = cum;
      }
      if (tFloat === Number.POSITIVE_INFINITY && input.floatBalance + cum < input.floatFloor) tFloat = h;
      if (tCash === Number.POSITIVE_INFINITY && (input.cashBalance as number) - cum < input.cashFloor)
        tCash = h;
      if (h >= cover && tFloat !== Number.POSITIVE_INFINITY && tCash !== Number.POSITIVE_INFINITY) break;
    }
    floatTimes[p] = tFloat;
    cashTimes[p] = tCash;
    floatDraw[p] = -low;
    cashDraw[p] = high;
  }
  let weekly = 0;
  for (let s = 0; s < SLOTS; s++) weekly += mean[s];
  return {
    eFloat: summarise(input.floatBalance, input.floatFloor, floatTimes, floatDraw),
    cash: hasCash ? summarise(input.cashBalance as number, input.cashFloor, cashTimes, cashDraw) : null,
    horizonHours: horizon,
    paths,
    expectedNetFlowPerDay: weekly / 7,
  };
}
