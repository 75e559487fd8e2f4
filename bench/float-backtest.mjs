#!/usr/bin/env node
import { resolve } from "node:path";
// Backtest of the agent float stock-out forecast on the demo operator's agents (the data
// `npm start` seeds: scripts/seed/generate.mjs, seed 33, 80 agents), at a fixed "now" so the
// figures repeat. For each held-out week before now, every agent is forecast from the 8 weeks
// before the cut (the same domain code the API runs) and compared with what happened next.
// Prints interval coverage, calibration of P(24 h) and P(72 h), and how float-stressed agents rank.
// Usage: node bench/float-backtest.mjs [weeks=6] [paths=256]
import { build } from "esbuild";
import { generateAgents } from "../scripts/seed/generate.mjs";

const root = resolve(import.meta.dirname, "..");
const WEEKS = Number(process.argv[2] ?? 6);
const PATHS = Number(process.argv[3] ?? 256);
const NOW = new Date("2026-11-23T00:00:00.000Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PROFILES = ["thriving", "steady", "float_stressed", "dormant", "declining", "new"];

// The pure domain code, bundled from TypeScript (no framework imports there).
const bundle = await build({
  stdin: {
    contents: `export * from "./src/modules/agent-health/float/domain/forecast";
      export * from "./src/modules/agent-health/float/domain/seasonality";`,
    resolveDir: root,
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
});
const domain = await import(
  `data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString("base64")}`
);
const { forecastStockout, slotModel, slotOf, MIN_OWN_TRANSACTIONS } = domain;

const data = generateAgents({ seed: 33, count: 80, source: "demo", now: NOW, prefix: "KSI" });
const minor = (s) => Math.round(Number(s) * 100);
const agents = data.agents.map((a, i) => {
  const txns = data.transactions
    .filter((t) => t.agentId === a.agentId)
    .map((t) => {
      const amount = minor(t.amount);
      const rebalance = t.category === "float_topup";
      const customer = rebalance ? 0 : t.category === "cash_in" ? -amount : amount;
      return {
        at: new Date(t.transactionDate).getTime(),
        amount,
        rebalance,
        customer,
        cashIn: t.category === "cash_in",
        after: minor(t.balanceAfter),
      };
    })
    .sort((x, y) => x.at - y.at);
  return { id: a.agentId, profile: PROFILES[i % PROFILES.length], txns };
});

/** What the SQL aggregates give at a cut: balance, tickets, slot sums over the 8 weeks before. */
function inputsAt(agent, cut) {
  const from = cut - 56 * DAY;
  const before = agent.txns.filter((t) => t.at <= cut);
  const balance = before.length ? before[before.length - 1].after : 0;
  const hist = before.filter((t) => t.at > from && !t.rebalance);
  const hourly = new Map();
  for (const t of hist) {
    const key = Math.floor(t.at / HOUR);
    hourly.set(key, (hourly.get(key) ?? 0) + t.customer);
  }
  const slots = new Map();
  for (const [key, net] of hourly) {
    const slot = slotOf(new Date(key * HOUR));
    const s = slots.get(slot) ?? { slot, sum: 0, sumSq: 0 };
    s.sum += net;
    s.sumSq += net * net;
    slots.set(slot, s);
  }
  const ins = hist.filter((t) => t.cashIn);
  const span = hist.length ? (cut - hist[0].at) / DAY : 0;
  return {
    balance,
    floor: ins.length ? Math.round(ins.reduce((a, t) => a + t.amount, 0) / ins.length) : 0,
    history: {
      weeks: Math.min(8, Math.max(1, Math.ceil(span)) / 7),
      transactions: hist.length,
      slots: [...slots.values()],
    },
  };
}

/** First hour after the cut whose close is below the floor, from customer flows only (no top-ups: the forecast's question). */
function realised(agent, cut, balance, floor, withTopUps) {
  if (balance < floor) return 0;
  let b = balance;
  for (const t of agent.txns) {
    if (t.at <= cut) continue;
    if (t.at > cut + 168 * HOUR) break;
    b += withTopUps && t.rebalance ? t.amount : t.customer;
    if (b < floor) return Math.ceil((t.at - cut) / HOUR);
  }
  return Number.POSITIVE_INFINITY;
}

const inside = (t, { p10, p90 }) =>
  t >= (p10 ?? Number.POSITIVE_INFINITY) && t <= (p90 ?? Number.POSITIVE_INFINITY);
const stats = {
  m: 0,
  mCovered: 0,
  n: 0,
  covered: 0,
  coveredWithTopUps: 0,
  below: 0,
  above: 0,
  p24: 0,
  r24: 0,
  p72: 0,
  r72: 0,
  brier24: 0,
};
const ranking = [];
const t0 = performance.now();
for (let w = WEEKS; w >= 1; w--) {
  const cut = NOW.getTime() - w * 7 * DAY;
  const inputs = agents.map((a) => ({ agent: a, ...inputsAt(a, cut) }));
  // The tenant's typical agent, for thin histories (as forecast/service.ts pools).
  const active = inputs.filter((x) => x.history.transactions > 0);
  const pool = { weeks: 8, transactions: 0, slots: [] };
  const poolSlots = new Map();
  for (const x of active) {
    pool.transactions += x.history.transactions / active.length;
    for (const s of x.history.slots) {
      const p = poolSlots.get(s.slot) ?? { slot: s.slot, sum: 0, sumSq: 0 };
      p.sum += s.sum / active.length;
      p.sumSq += s.sumSq / active.length;
      poolSlots.set(s.slot, p);
    }
  }
  pool.slots = [...poolSlots.values()];
  const week = [];
  for (const x of active) {
    const f = forecastStockout({
      agentId: x.agent.id,
      asOf: new Date(cut),
      model: slotModel(x.history, x.history.transactions < MIN_OWN_TRANSACTIONS ? pool : null),
      floatBalance: x.balance,
      cashBalance: null,
      floatFloor: x.floor,
      cashFloor: 0,
      coverHours: 72,
      paths: PATHS,
    });
    const real = realised(x.agent, cut, x.balance, x.floor, false);
    const e = f.eFloat;
    stats.n++;
    if (inside(real, e.hoursToStockout)) stats.covered++;
    else if (real < (e.hoursToStockout.p10 ?? Number.POSITIVE_INFINITY)) stats.below++;
    else stats.above++;
    if (inside(realised(x.agent, cut, x.balance, x.floor, true), e.hoursToStockout))
      stats.coveredWithTopUps++;
    // The informative cases: a stock-out was forecast possible or happened within the horizon.
    if (e.hoursToStockout.p10 !== null || Number.isFinite(real)) {
      stats.m++;
      if (inside(real, e.hoursToStockout)) stats.mCovered++;
    }
    stats.p24 += e.probabilityWithin24h;
    stats.p72 += e.probabilityWithin72h;
    stats.r24 += real <= 24 ? 1 : 0;
    stats.r72 += real <= 72 ? 1 : 0;
    stats.brier24 += (e.probabilityWithin24h - (real <= 24 ? 1 : 0)) ** 2;
    week.push({ profile: x.agent.profile, p72: e.probabilityWithin72h, p50: e.hoursToStockout.p50 ?? 1e9 });
  }
  week.sort((a, b) => b.p72 - a.p72 || a.p50 - b.p50);
  const stressed = week.filter((x) => x.profile === "float_stressed").length;
  const top = week.slice(0, stressed).filter((x) => x.profile === "float_stressed").length;
  ranking.push({ cut: new Date(cut).toISOString().slice(0, 10), stressed, top, first: week[0].profile });
}
const pct = (a, b) => `${((100 * a) / b).toFixed(1)}%`;
console.log(
  `float stock-out backtest: demo agents (seed 33), ${WEEKS} held-out weeks before ${NOW.toISOString().slice(0, 10)}, ${PATHS} paths, horizon 168 h`,
);
console.log(`  forecasts:                         ${stats.n} (agent x cut, agents with history)`);
console.log(
  `  realised inside p10-p90 (target 80%): ${pct(stats.covered, stats.n)}  (earlier than p10: ${pct(stats.below, stats.n)}, later than p90: ${pct(stats.above, stats.n)})`,
);
console.log(
  `  among the ${stats.m} where a stock-out was forecast possible (p10 within 168 h) or happened: ${pct(stats.mCovered, stats.m)}`,
);
console.log(`  same, realised with the top-ups that happened: ${pct(stats.coveredWithTopUps, stats.n)}`);
console.log(
  `  P(24 h): mean forecast ${(stats.p24 / stats.n).toFixed(3)} vs realised ${(stats.r24 / stats.n).toFixed(3)}; Brier ${(stats.brier24 / stats.n).toFixed(3)}`,
);
console.log(
  `  P(72 h): mean forecast ${(stats.p72 / stats.n).toFixed(3)} vs realised ${(stats.r72 / stats.n).toFixed(3)}`,
);
for (const r of ranking)
  console.log(
    `  cut ${r.cut}: float-stressed agents in the top ${r.stressed} by risk: ${r.top}/${r.stressed}; first ranked: ${r.first}`,
  );
console.log(`  took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
