import { describe, expect, it } from "vitest";
import { forecastStockout } from "./forecast";
import { SLOTS, type SlotModel, slotModel } from "./seasonality";

const flat = (mean: number, sd: number): SlotModel => ({
  mean: new Float64Array(SLOTS).fill(mean),
  sd: new Float64Array(SLOTS).fill(sd),
  pooling: "own",
});
const asOf = new Date("2026-03-02T00:00:00.000Z"); // a Monday, slot 24
const base = { agentId: "AGT-1", asOf, cashBalance: null, floatFloor: 0, cashFloor: 0, coverHours: 72 };

/** Standard normal CDF (Abramowitz-Stegun 7.1.26, error < 1.5e-7). */
function phi(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

describe("forecastStockout", () => {
  it("is deterministic for the same agent, data and as-of, and seeded by them", () => {
    const input = { ...base, model: flat(-40, 150), floatBalance: 2_000 };
    expect(forecastStockout(input)).toEqual(forecastStockout(input));
    const other = forecastStockout({ ...input, agentId: "AGT-2" });
    expect(other.eFloat.hoursToStockout).not.toEqual(forecastStockout(input).eFloat.hoursToStockout);
  });

  it("hits a constant drain exactly: the first hour whose close is below the floor", () => {
    const drain = 50;
    const balance = 1_000;
    const floor = 120;
    const f = forecastStockout({ ...base, model: flat(-drain, 0), floatBalance: balance, floatFloor: floor });
    const expected = Math.floor((balance - floor) / drain) + 1; // 1000-50h < 120 first at h = 18
    expect(f.eFloat.hoursToStockout).toEqual({ p10: expected, p50: expected, p90: expected });
    expect(f.eFloat.probabilityWithin24h).toBe(1);
    // 72 h of cover at 50/h from 1,000 with a floor of 120 needs 120 + 3,600 - 1,000 more.
    expect(f.eFloat.suggestedRebalance).toBe(floor + drain * 72 - balance);
    expect(f.expectedNetFlowPerDay).toBe(-drain * 24);
  });

  it("reports no stock-out within the horizon as null, and the cash side moves against e-float", () => {
    const f = forecastStockout({
      ...base,
      model: flat(30, 0),
      floatBalance: 500,
      cashBalance: 1_000,
      cashFloor: 100,
    });
    expect(f.eFloat.hoursToStockout).toEqual({ p10: null, p50: null, p90: null });
    expect(f.eFloat.suggestedRebalance).toBe(0);
    const cashHours = Math.floor((1_000 - 100) / 30) + 1;
    expect(f.cash?.hoursToStockout.p50).toBe(cashHours);
    expect(f.cash?.suggestedRebalance).toBe(100 + 30 * 72 - 1_000);
  });

  it("matches the first-passage probability of a drifting random walk", () => {
    // X_t = mu t + sigma W_t hits -a by t with P = Phi((-a - mu t)/(sigma sqrt t)) + e^(-2 mu a / sigma^2) Phi((-a + mu t)/(sigma sqrt t));
    // hourly monitoring shifts the barrier by 0.5826 sigma (Broadie-Glasserman).
    const mu = -50;
    const sigma = 200;
    const a = 1_000 + 0.5826 * sigma;
    const t = 24;
    const s = sigma * Math.sqrt(t);
    const expected = phi((-a - mu * t) / s) + Math.exp((-2 * mu * a) / sigma ** 2) * phi((-a + mu * t) / s);
    const f = forecastStockout({ ...base, model: flat(mu, sigma), floatBalance: 1_000, paths: 4_000 });
    expect(f.eFloat.probabilityWithin24h).toBeGreaterThan(expected - 0.03);
    expect(f.eFloat.probabilityWithin24h).toBeLessThan(expected + 0.03);
    expect(f.eFloat.hoursToStockout.p10!).toBeLessThanOrEqual(f.eFloat.hoursToStockout.p50!);
    expect(f.eFloat.hoursToStockout.p50!).toBeLessThanOrEqual(f.eFloat.hoursToStockout.p90!);
  });

  it("a top-up of the suggested amount leaves at most 10% of paths running out within the cover", () => {
    const input = { ...base, model: flat(-60, 250), floatBalance: 800, floatFloor: 100, coverHours: 72 };
    const before = forecastStockout(input);
    expect(before.eFloat.probabilityWithin72h).toBeGreaterThan(0.5);
    const after = forecastStockout({ ...input, floatBalance: 800 + before.eFloat.suggestedRebalance });
    expect(after.eFloat.probabilityWithin72h).toBeLessThanOrEqual(0.1);
    // Noticeably less and the 90% cover no longer holds.
    const short = forecastStockout({ ...input, floatBalance: 800 + before.eFloat.suggestedRebalance - 150 });
    expect(short.eFloat.probabilityWithin72h).toBeGreaterThan(0.1);
  });

  it("times the stock-out by the hour of week when demand is seasonal", () => {
    // Demand only on Monday 08:00-11:59 UTC, 100 an hour: 250 of float lasts into the third busy hour.
    const mean = new Float64Array(SLOTS);
    for (let h = 8; h < 12; h++) mean[24 + h] = -100;
    const model: SlotModel = { mean, sd: new Float64Array(SLOTS), pooling: "own" };
    const monday = forecastStockout({ ...base, model, floatBalance: 250 });
    expect(monday.eFloat.hoursToStockout.p50).toBe(8 + 3);
    const sundayNoon = forecastStockout({
      ...base,
      model,
      floatBalance: 250,
      asOf: new Date("2026-03-01T12:00:00Z"),
    });
    expect(sundayNoon.eFloat.hoursToStockout.p50).toBe(12 + 8 + 3);
    // The same weekly total spread evenly would drain 400/168 an hour and last far longer.
    const even = forecastStockout({ ...base, model: flat(-400 / 168, 0), floatBalance: 250 });
    expect(even.eFloat.hoursToStockout.p50).toBe(Math.floor(250 / (400 / 168)) + 1);
  });
});

describe("slotModel", () => {
  it("shrinks a slot toward its hour-of-day mean and keeps the daily shape", () => {
    // 8 weeks; hour 9 drains 80 every Monday only.
    const m = slotModel(
      { weeks: 8, transactions: 500, slots: [{ slot: 24 + 9, sum: -640, sumSq: 8 * 6_400 }] },
      null,
    );
    const hourMean = -80 / 7;
    expect(m.mean[24 + 9]).toBeCloseTo((8 * -80 + 4 * hourMean) / 12, 9);
    expect(m.mean[48 + 9]).toBeCloseTo((4 * hourMean) / 12, 9);
    expect(m.mean[24 + 10]).toBe(0);
    expect(m.pooling).toBe("own");
  });

  it("mixes in the tenant's typical agent when the agent's own history is thin", () => {
    const tenant = { weeks: 8, transactions: 1_000, slots: [{ slot: 10, sum: -800, sumSq: 80_000 }] };
    const none = slotModel({ weeks: 1, transactions: 0, slots: [] }, tenant);
    expect(none.pooling).toBe("tenant");
    expect(none.mean[10]).toBeLessThan(0);
    const half = slotModel({ weeks: 1, transactions: 30, slots: [] }, tenant);
    expect(half.pooling).toBe("own_with_tenant");
    expect(half.mean[10]).toBeCloseTo(none.mean[10] / 2, 9);
  });
});
