#!/usr/bin/env node
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
// Backtest of the agent float stock-out forecast on the demo operator's agents, through the API
// (POST /v1/agent-health/float-backtests: the service the Worker runs, one method measured).
// The built Worker runs under Miniflare; a tenant gets the 80 agents `npm start` seeds
// (scripts/seed/generate.mjs, seed 33) generated at a fixed "now", so the figures repeat, ingested
// through the public ingest API. Then every `cutEveryHours` over the held-out weeks before now,
// every agent is forecast from the data before the cut and compared with the following 168 hours.
// Also prints how float-stressed agents rank in the portfolio summary's forecast sort.
// Usage: node bench/float-backtest.mjs [weeks=6] [cutEveryHours=24] [--fresh]
import { generateAgents } from "../scripts/seed/generate.mjs";
import { benchState } from "./lib/seeded.mjs";
import { ADMIN_TOKEN, api, startService } from "./lib/server.mjs";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const WEEKS = Number(args[0] ?? 6);
const CUT_EVERY = Number(args[1] ?? 24);
const NOW = new Date("2026-11-23T00:00:00.000Z");
const PROFILES = ["thriving", "steady", "float_stressed", "dormant", "declining", "new"];

const state = benchState("float-backtest");

/** The demo tenant: reused from tenant.json, else created and seeded through the ingest API. */
async function demoTenant(data) {
  const file = join(state, "tenant.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", {
    name: "float backtest bench",
    shard: 1,
    features: { agentNetwork: true },
  });
  if (created.status !== 201) throw new Error(`create tenant: ${created.status}`);
  const tenant = { id: created.body.tenant.id, key: created.body.apiKey.key };
  const t0 = performance.now();
  for (const resource of ["customers", "agents", "accounts", "transactions"])
    for (let i = 0; i < data[resource].length; i += 1000) {
      const res = await api(
        service.url,
        tenant.key,
        "POST",
        `/v1/ingest/${resource}`,
        data[resource].slice(i, i + 1000),
      );
      if (res.status >= 300)
        throw new Error(`ingest ${resource}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
  console.log(
    `seeded ${data.agents.length} agents, ${data.transactions.length} transactions in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  writeFileSync(file, JSON.stringify(tenant));
  return tenant;
}
const service = await startService({ persistTo: state });
try {
  const data = generateAgents({ seed: 33, count: 80, source: "demo", now: NOW, prefix: "KSI" });
  const tenant = await demoTenant(data);
  const t0 = performance.now();
  const started = await api(service.url, tenant.key, "POST", "/v1/agent-health/float-backtests", {
    to: NOW.toISOString(),
    weeks: WEEKS,
    cutEveryHours: CUT_EVERY,
  });
  if (started.status !== 200 && started.status !== 202)
    throw new Error(`backtest: ${started.status} ${JSON.stringify(started.body)}`);
  let run = started.body;
  while (run.status === "queued" || run.status === "running") {
    await new Promise((r) => setTimeout(r, 1000));
    // A poll that loses its connection during a queue batch (local only) is retried, not fatal.
    const res = await api(
      service.url,
      tenant.key,
      "GET",
      `/v1/agent-health/float-backtests/${run.backtestId}`,
    ).catch(() => null);
    if (res?.status === 200) run = res.body;
    process.stdout.write(`\r  ${run.progress.percent}% (${run.progress.cutsDone}/${run.progress.cuts} cuts)`);
  }
  const seconds = (performance.now() - t0) / 1000;
  if (run.status !== "succeeded") throw new Error(`backtest ${run.status}: ${run.error}`);
  const b = run.backtest;
  const pct = (x) => (x === null ? "n/a" : `${(100 * x).toFixed(1)}%`);
  const cov = (c) =>
    `${pct(c.coverage)} of ${c.forecasts} (earlier than p10 ${pct(c.earlyShare)}, later than p90 ${pct(c.lateShare)})`;
  console.log(
    `\nfloat stock-out backtest via POST /v1/agent-health/float-backtests: demo agents (seed 33), ${WEEKS} held-out weeks before ${NOW.toISOString().slice(0, 10)}, a cut every ${CUT_EVERY} h (${b.cuts} cuts), ${b.paths} paths, horizon ${b.horizonHours} h (${started.status === 202 ? "queued" : "in the request"}, ${seconds.toFixed(1)} s)`,
  );
  console.log(`  realised inside p10-p90 (nominal ${pct(b.nominalCoverage)}), all forecasts: ${cov(b.all)}`);
  console.log(`  same, at-risk forecasts (p10 within 168 h or a stock-out happened): ${cov(b.atRisk)}`);
  console.log(
    `  p50 error where both within 168 h (${b.p50Error.cases}): median |p50 - realised| ${b.p50Error.medianAbsoluteHours} h, mean ${b.p50Error.meanAbsoluteHours} h, mean signed ${b.p50Error.meanSignedHours} h`,
  );
  for (const [label, p] of [
    ["P(24 h)", b.probabilityWithin24h],
    ["P(72 h)", b.probabilityWithin72h],
  ])
    console.log(`  ${label}: mean forecast ${p.meanForecast} vs realised ${p.realised}; Brier ${p.brier}`);
  const weekly = new Map();
  for (const c of b.perCut) {
    const week = c.cut.slice(0, 10);
    const w = weekly.get(Math.floor((Date.parse(c.cut) - Date.parse(b.firstCut)) / (7 * 86_400_000))) ?? {
      week,
      atRisk: 0,
      covered: 0,
    };
    w.atRisk += c.atRisk;
    w.covered += c.atRiskCovered;
    weekly.set(Math.floor((Date.parse(c.cut) - Date.parse(b.firstCut)) / (7 * 86_400_000)), w);
  }
  for (const w of weekly.values())
    console.log(
      `  held-out week from ${w.week}: at-risk coverage ${pct(w.covered / w.atRisk)} of ${w.atRisk}`,
    );

  // Ranking now: refresh the portfolio, then the summary sorted by the forecast's median.
  const refresh = () => api(service.url, tenant.key, "POST", "/v1/agent-health/portfolio/refresh", {});
  const refreshed = await refresh().catch(refresh);
  if (refreshed.status >= 300) throw new Error(`refresh: ${refreshed.status}`);
  const summary = await api(
    service.url,
    tenant.key,
    "GET",
    "/v1/agent-health/portfolio/summary?sortBy=stockoutHoursP50&sortOrder=asc&limit=100",
  );
  const profileOf = (agentId) => PROFILES[(Number(agentId.slice(-4)) - 1) % PROFILES.length];
  const ranked = summary.body.agents.map((a) => profileOf(a.agentId));
  const stressed = ranked.filter((p) => p === "float_stressed").length;
  const top = ranked.slice(0, stressed).filter((p) => p === "float_stressed").length;
  console.log(
    `  portfolio summary now, sorted by stockoutHoursP50: float-stressed agents in the top ${stressed}: ${top}/${stressed}; first ranked: ${ranked[0]}`,
  );
} finally {
  await service.dispose();
}
