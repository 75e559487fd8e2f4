/**
 * Scoring of the stock-out forecast against what happened next (the float backtest): the tally
 * adds up over cuts and slices of agents, so a queued run can keep it in its run document.
 */
import type { StockoutForecast } from "./forecast";

/** Hours scored after each cut: the forecast's horizon. */
export const OUTCOME_HOURS = 168;

/**
 * The first hour (1..hours) whose closing balance, moved by the customer flows only (no top-ups:
 * the forecast's question), is below the floor; 0 when the cut opens below it; null: none.
 * `flows[h]` is the customer net flow of hour h + 1 after the cut.
 */
export function realisedStockout(balance: number, floor: number, flows: ArrayLike<number>): number | null {
  if (balance < floor) return 0;
  let b = balance;
  for (let h = 0; h < flows.length; h++) {
    b += flows[h];
    if (b < floor) return h + 1;
  }
  return null;
}

interface Coverage {
  forecasts: number;
  /** Realised inside [p10, p90] (null bounds read as beyond the horizon). */
  covered: number;
  /** Realised earlier than p10. */
  early: number;
  /** Realised later than p90 (including no stock-out when p90 was within the horizon). */
  late: number;
}

export interface BacktestTally {
  all: Coverage;
  /** Cases where p10 is within the horizon or a stock-out happened in it. */
  atRisk: Coverage;
  stockouts: number;
  sumP24: number;
  realised24: number;
  sumP72: number;
  realised72: number;
  brier24: number;
  brier72: number;
  /** |p50 - realised| in hours, counted per hour 0..168, where both are within the horizon. */
  p50Errors: number[];
  /** Signed p50 - realised summed over the same cases (positive: forecast too late). */
  p50Bias: number;
}

const coverage = (): Coverage => ({ forecasts: 0, covered: 0, early: 0, late: 0 });

export const emptyTally = (): BacktestTally => ({
  all: coverage(),
  atRisk: coverage(),
  stockouts: 0,
  sumP24: 0,
  realised24: 0,
  sumP72: 0,
  realised72: 0,
  brier24: 0,
  brier72: 0,
  p50Errors: new Array(OUTCOME_HOURS + 1).fill(0),
  p50Bias: 0,
});

const INF = Number.POSITIVE_INFINITY;

function count(c: Coverage, realised: number, p10: number, p90: number) {
  c.forecasts++;
  if (realised < p10) c.early++;
  else if (realised > p90) c.late++;
  else c.covered++;
}

/** Adds one forecast and its outcome to the tally. */
export function addCase(t: BacktestTally, f: StockoutForecast, realised: number | null) {
  const r = realised ?? INF;
  const { p10, p50, p90 } = f.hoursToStockout;
  count(t.all, r, p10 ?? INF, p90 ?? INF);
  if (p10 !== null || realised !== null) count(t.atRisk, r, p10 ?? INF, p90 ?? INF);
  if (realised !== null) t.stockouts++;
  const in24 = r <= 24 ? 1 : 0;
  const in72 = r <= 72 ? 1 : 0;
  t.sumP24 += f.probabilityWithin24h;
  t.sumP72 += f.probabilityWithin72h;
  t.realised24 += in24;
  t.realised72 += in72;
  t.brier24 += (f.probabilityWithin24h - in24) ** 2;
  t.brier72 += (f.probabilityWithin72h - in72) ** 2;
  if (p50 !== null && realised !== null) {
    t.p50Errors[Math.min(OUTCOME_HOURS, Math.abs(p50 - realised))]++;
    t.p50Bias += p50 - realised;
  }
}

const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);

const presentCoverage = (c: Coverage) => ({
  ...c,
  coverage: ratio(c.covered, c.forecasts),
  earlyShare: ratio(c.early, c.forecasts),
  lateShare: ratio(c.late, c.forecasts),
});

/** Median of the counted hours (lower median), null when none. */
function medianOf(hist: number[]): number | null {
  const n = hist.reduce((a, b) => a + b, 0);
  if (n === 0) return null;
  let seen = 0;
  for (let h = 0; h < hist.length; h++) {
    seen += hist[h];
    if (seen >= Math.ceil(n / 2)) return h;
  }
  return null;
}

/** The figures a run reports (ratios to 4 decimals; null where nothing was counted). */
export function summariseTally(t: BacktestTally) {
  const n = t.all.forecasts;
  const scored = t.p50Errors.reduce((a, b) => a + b, 0);
  const meanAbs = t.p50Errors.reduce((a, count, h) => a + count * h, 0);
  return {
    nominalCoverage: 0.8,
    all: presentCoverage(t.all),
    atRisk: presentCoverage(t.atRisk),
    stockouts: t.stockouts,
    probabilityWithin24h: {
      meanForecast: ratio(t.sumP24, n),
      realised: ratio(t.realised24, n),
      brier: ratio(t.brier24, n),
    },
    probabilityWithin72h: {
      meanForecast: ratio(t.sumP72, n),
      realised: ratio(t.realised72, n),
      brier: ratio(t.brier72, n),
    },
    p50Error: {
      cases: scored,
      medianAbsoluteHours: medianOf(t.p50Errors),
      meanAbsoluteHours: ratio(meanAbs, scored),
      meanSignedHours: ratio(t.p50Bias, scored),
    },
  };
}
