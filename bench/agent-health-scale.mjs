#!/usr/bin/env node

import { benchState, seededTenant, seedRows } from "./lib/seeded.mjs";
import { startService } from "./lib/server.mjs";

const state = benchState("agent-health-scale");
const AGENTS = Number(process.env.AGENTS ?? 100_000);
const TRANSACTIONS = Number(process.env.TRANSACTIONS ?? 2_000_000);
const CHUNK = 100_000;

const agentId = (expr) => `printf('AGT-%06d', ${expr})`;

async function seed(mf, tenantId) {
  const db = await mf.getD1Database("SHARD_0");
  const t0 = performance.now();
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  await seedRows(
    db,
    tenantId,
    { total: AGENTS, chunk: AGENTS },
    `
       INSERT INTO agents (id, tenant_id, agent_id, external_id, external_source, agent_code, agent_name, agent_type,
         agent_tier, agent_status, float_balance_minor, float_limit_minor, currency, region, serves_regions,
         activated_at, created_at, updated_at)
       SELECT printf('30000000-0000-4000-8000-%012d', i), ?1, ${agentId("i")}, ${agentId("i")}, 'bench',
         printf('AC%06d', i), 'Bench Agent ' || i, 'individual',
         CASE i % 4 WHEN 0 THEN 'basic' WHEN 1 THEN 'standard' WHEN 2 THEN 'premium' ELSE 'super' END,
         CASE WHEN i % 50 = 0 THEN 'inactive' ELSE 'active' END,
         (i * 7919) % 2000000, 2000000, 'GHS',
         CASE i % 5 WHEN 0 THEN 'Greater Accra' WHEN 1 THEN 'Ashanti' WHEN 2 THEN 'Northern' WHEN 3 THEN 'Volta' ELSE 'Western' END,
         '[]', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d days', 30 + i % 700)), ${now}, ${now} FROM seq`,
  );
  // Agents i % 10 = 9 get no transactions (dormant); the others share the rest, spread over 60 days.
  await seedRows(
    db,
    tenantId,
    { total: TRANSACTIONS, chunk: CHUNK, label: "transactions" },
    `
         INSERT INTO transactions (id, tenant_id, customer_id, account_id, agent_id, external_id, external_source, type,
           category, amount_minor, currency, status, transaction_date, created_at)
         SELECT printf('40000000-0000-4000-8000-%012d', i), ?1, 'bench-customer', 'bench-account',
           ${agentId(`(i % ${AGENTS}) - ((i % ${AGENTS}) % 10 = 9)`)}, 'atx-' || i, 'bench',
           CASE WHEN (i * 13) % 100 < 40 + (i % ${AGENTS}) % 30 THEN 'debit' ELSE 'credit' END,
           CASE WHEN (i * 13) % 100 < 40 + (i % ${AGENTS}) % 30 THEN 'cash_in' ELSE 'cash_out' END,
           2000 + (i * 2654435761) % 300000, 'GHS', 'completed',
           strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d minutes', (i * 37) % (60 * 1440))), ${now}
         FROM seq`,
  );
  return (performance.now() - t0) / 1000;
}

async function timed(url, key, method, path, retry = true) {
  const t0 = performance.now();
  let res;
  try {
    res = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${key}` } });
  } catch (err) {
    // A keep-alive socket left idle by the long refresh may be closed under us: retry once.
    if (retry && ["ECONNRESET", "UND_ERR_SOCKET"].includes(err.cause?.code))
      return timed(url, key, method, path, false);
    throw err;
  }
  const json = await res.json();
  if (res.status !== 200 && res.status !== 202)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return { ms: performance.now() - t0, json, status: res.status };
}

async function median(url, key, path, n = 7) {
  const runs = [];
  for (let i = 0; i < n; i++) runs.push((await timed(url, key, "GET", path)).ms);
  runs.sort((a, b) => a - b);
  return runs[Math.floor(n / 2)];
}

console.log("building the Worker and starting Miniflare ...");
const service = await startService({ persistTo: state });
const { mf, url } = service;
try {
  const tenant = await seededTenant(
    url,
    state,
    { name: "Agent health bench", shard: 0, features: { agentNetwork: true } },
    `${AGENTS.toLocaleString()} agents, ${TRANSACTIONS.toLocaleString()} transactions`,
    (tenantId) => seed(mf, tenantId),
  );
  const { key } = tenant;
  // Above 20,000 agents the refresh runs on the jobs queue (202): time it until the
  // benchmarks, rebuilt last, carry a computedAt after the request.
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const refresh = await timed(url, key, "POST", "/v1/agent-health/portfolio/refresh");
  if (refresh.status === 202) {
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const b = await timed(url, key, "GET", "/v1/agent-health/benchmarks").catch(() => null);
      if (b && Object.values(b.json.benchmarks.tierBenchmarks).some((g) => g.computedAt > startedAt)) break;
    }
  }
  console.log(
    `refresh (all agents):          ${((performance.now() - t0) / 1000).toFixed(2)} s (${refresh.status === 202 ? "queued, until done" : "inline"}), ${AGENTS.toLocaleString()} agents`,
  );
  const paths = [
    "/v1/agent-health/portfolio/summary",
    "/v1/agent-health/portfolio/summary?tier=premium&region=Ashanti&hasCriticalFlags=false&sortBy=transactionVolume",
    "/v1/agent-health/portfolio/summary?sortBy=agentCode&sortOrder=asc&limit=500&offset=90000",
    "/v1/agent-health/portfolio/summary?minAHI=40&maxAHI=60&sortBy=floatBalance",
    "/v1/agent-health/benchmarks",
    "/v1/agent-health/AGT-000123",
    "/v1/agent-health/AGT-000123?windowDays=90&includePeerComparison=false",
  ];
  for (const path of paths)
    console.log(`median of 7  ${(await median(url, key, path)).toFixed(1).padStart(7)} ms  GET ${path}`);
  const total = (await timed(url, key, "GET", "/v1/agent-health/portfolio/summary?limit=1")).json.total;
  console.log(`summary total: ${total.toLocaleString()}`);
} finally {
  await service.dispose().catch(() => {});
}
