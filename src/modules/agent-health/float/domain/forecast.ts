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
/**
 * Standard deviations of the horizon's noise beyond which no path reaches the floor: by Levy's
 * inequality the running minimum of the noise passes -4.5 sd with probability under 2 x 3.4e-6.
 */
export const SAFE_SIGMAS = 4.5;

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

const safe = (balance: number, floor: number): StockoutForecast => ({
  balance,
  floor,
  hoursToStockout: { p10: null, p50: null, p90: null },
  probabilityWithin24h: 0,
  probabilityWithin72h: 0,
  suggestedRebalance: 0,
});

/** Deepest fall and highest rise of the mean path, and the noise's standard deviation, over the horizon. */
function envelope(mean: Float64Array, sd: Float64Array, start: number, horizon: number) {
  let cum = 0;
  let low = 0;
  let high = 0;
  let variance = 0;
  for (let h = 0; h < horizon; h++) {
    const slot = (start + h) % SLOTS;
    cum += mean[slot];
    variance += sd[slot] * sd[slot];
    if (cum < low) low = cum;
    if (cum > high) high = cum;
  }
  return { low, high, noise: Math.sqrt(variance) };
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
 * A side whose balance clears the mean path's deepest fall by SAFE_SIGMAS of noise is not
 * simulated (no path would reach the floor); a model without noise needs one path.
 */
export function forecastStockout(input: ForecastInput): Forecast {
  const requested = input.paths ?? DEFAULT_PATHS;
  const horizon = input.horizonHours ?? HORIZON_HOURS;
  const cover = Math.min(input.coverHours, horizon);
  const { mean, sd } = input.model;
  const start = input.asOf.getUTCDay() * 24 + input.asOf.getUTCHours();
  const hasCash = input.cashBalance !== null;
  let weekly = 0;
  for (let s = 0; s < SLOTS; s++) weekly += mean[s];
  const env = envelope(mean, sd, start, horizon);
  const margin = SAFE_SIGMAS * env.noise;
  const floatSafe = input.floatBalance - input.floatFloor > -env.low + margin;
  const cashSafe = !hasCash || (input.cashBalance as number) - input.cashFloor > env.high + margin;
  if (floatSafe && cashSafe)
    return {
      eFloat: safe(input.floatBalance, input.floatFloor),
      cash: hasCash ? safe(input.cashBalance as number, input.cashFloor) : null,
      horizonHours: horizon,
      paths: requested,
      expectedNetFlowPerDay: weekly / 7,
    };
  const paths = env.noise === 0 ? 1 : requested;
  const seed = seedOf(`${input.agentId}|${input.asOf.toISOString()}`);
  const floatTimes = new Float64Array(paths);
  const cashTimes = new Float64Array(paths);
  const floatDraw = new Float64Array(paths);
  const cashDraw = new Float64Array(paths);
  for (let p = 0; p < paths; p++) {
    // A stream per path: path p draws the same hours whatever the balances, so a what-if on the
    // balance (the suggested top-up) replays the same futures.
    const z = normalSource((seed + Math.imul(p + 1, 0x9e3779b9)) >>> 0);
    let cum = 0;
    let low = 0;
    let high = 0;
    let tFloat = input.floatBalance < input.floatFloor ? 0 : Number.POSITIVE_INFINITY;
    let tCash = !hasCash || (input.cashBalance as number) < input.cashFloor ? 0 : Number.POSITIVE_INFINITY;
    for (let h = 1; h <= horizon; h++) {
      const slot = (start + h - 1) % SLOTS;
      cum += sd[slot] === 0 ? mean[slot] : mean[slot] + sd[slot] * z();
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
  return {
    eFloat: floatSafe
      ? safe(input.floatBalance, input.floatFloor)
      : summarise(input.floatBalance, input.floatFloor, floatTimes, floatDraw),
    cash: !hasCash
      ? null
      : cashSafe
        ? safe(input.cashBalance as number, input.cashFloor)
        : summarise(input.cashBalance as number, input.cashFloor, cashTimes, cashDraw),
    horizonHours: horizon,
    paths: requested,
    expectedNetFlowPerDay: weekly / 7,
  };
}
