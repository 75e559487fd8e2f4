#!/usr/bin/env node
// CPU of the forecast's in-memory part (the domain code, bundled): the in-stock walk over 8 weeks
// of hours and the Monte Carlo, for N agents with thin histories like bench/agent-health-scale.mjs
// seeds (~30 customer transactions in 8 weeks), on one core.
// Usage: node bench/float-forecast.mjs [agents=20000] (use 5000 on a busy machine).
import { importSource } from "./lib/source.mjs";

const { forecastStockout, slotModel, inStockHistory } = await importSource(
  `export * from "./src/modules/agent-health/float/domain/forecast"; export * from "./src/modules/agent-health/float/domain/seasonality"; export * from "./src/modules/agent-health/float/domain/in-stock";`,
);
const N = Number(process.argv[2] ?? 20000);
// A thin agent: ~30 customer transactions over 8 weeks, tickets 20..3000 GHS, 55% cash-in.
let seed = 1;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 2 ** 32;
};
const t0 = performance.now();
const cpu0 = process.cpuUsage();
let risky = 0;
for (let i = 0; i < N; i++) {
  const HOURS = 56 * 24;
  const flows = [];
  for (let k = 0; k < 30; k++) {
    const amt = Math.round((2000 + rnd() * 300000) * (rnd() < 0.55 ? -1 : 1));
    flows.push({ hour: Math.floor(rnd() * HOURS), customer: amt, rebalance: 0 });
  }
  const floatBalance = (i * 7919) % 2_000_000;
  const own = inStockHistory({
    hours: HOURS,
    startSlot: 10,
    firstHour: 0,
    closingBalance: floatBalance,
    level: 150000,
    flows,
  });
  const model = slotModel(
    { weeks: 8, transactions: 30, slots: own.slots, observations: own.observations },
    null,
  );
  const f = forecastStockout({
    agentId: `A${i}`,
    asOf: new Date("2026-03-02T10:00:00Z"),
    model,
    floatBalance,
    cashBalance: null,
    floatFloor: 150000,
    cashFloor: 0,
    coverHours: 72,
  });
  if (f.eFloat.probabilityWithin72h > 0) risky++;
}
console.log(
  `${N} forecasts: ${(process.cpuUsage(cpu0).user / 1000).toFixed(0)} ms CPU (node, one core; ${(performance.now() - t0).toFixed(0)} ms wall), ${risky} with some risk`,
);
