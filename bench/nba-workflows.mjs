#!/usr/bin/env node
// NBA and workflows against the built Worker under Miniflare: one tenant with N customers
// (default 2,000), 24 transactions each over 12 weeks, BHI calculated. Prints req/s and
// latency of POST /v1/nba/generate and /v1/nba/batch (100 customers), and the wall time of a
// tenant-wide bhi-refresh run (BHI for every customer, then NBA for the declining ones) and
// of 20 single-customer monthly-reports runs. Every other customer misses payments after the
// first BHI calculation, so the refresh finds them declining.
// Usage: node bench/nba-workflows.mjs [customers] [seconds]
import { ADMIN_TOKEN, api, load, startService } from "./lib/server.mjs";

const n = Number(process.argv[2] ?? 2000);
const seconds = Number(process.argv[3] ?? 5);
const service = await startService();
const WEEK = 7 * 86_400_000;

async function waitForRun(key, runId) {
  for (;;) {
    const res = await api(service.url, key, "GET", `/v1/workflows/runs/${runId}`);
    const run = res.body.run;
    if (run.status === "succeeded" || run.status === "failed") return run;
    await new Promise((r) => setTimeout(r, 250));
  }
}

try {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", { name: "bench", shard: 0 });
  const tenantId = created.body.tenant.id;
  const key = created.body.apiKey.key;
  const db = await service.mf.getD1Database("SHARD_0");
  const now = new Date().toISOString();
  const customers = Array.from({ length: n }, (_, i) => ({ id: crypto.randomUUID(), name: `Business ${i}` }));
  for (let i = 0; i < n; i += 500) {
    const chunk = JSON.stringify(customers.slice(i, i + 500));
    await db
      .prepare(
        `INSERT INTO customers (id, tenant_id, external_id, external_source, name, created_at, updated_at)
         SELECT value->>'id', ?1, value->>'id', 'bench', value->>'name', ?2, ?2 FROM json_each(?3)`,
      )
      .bind(tenantId, now, JSON.stringify(customers.slice(i, i + 500)))
      .run();
    await db
      .prepare(
        `INSERT INTO accounts (id, tenant_id, customer_id, external_id, external_source, type, status, currency, current_balance_minor, created_at, updated_at)
         SELECT value->>'id', ?1, value->>'id', value->>'id', 'bench', 'current', 'active', 'GHS', 500000, ?2, ?2 FROM json_each(?3)`,
      )
      .bind(tenantId, now, chunk)
      .run();
  }
  // Half the customers earn less every week (declining), half are steady; one main payer each.
  const txns = customers.flatMap((c, i) =>
    Array.from({ length: 12 }, (_, k) => [
      {
        id: crypto.randomUUID(),
        c: c.id,
        t: "credit",
        a: i % 2 ? 100_000 : 40_000 + 8_000 * k,
        d: new Date(Date.now() - k * WEEK - 3 * 86_400_000).toISOString(),
        p: `Payer ${i % 7}`,
      },
      {
        id: crypto.randomUUID(),
        c: c.id,
        t: "debit",
        a: 70_000,
        d: new Date(Date.now() - k * WEEK - 2 * 86_400_000).toISOString(),
        p: null,
      },
    ]).flat(),
  );
  for (let i = 0; i < txns.length; i += 1000) {
    await db
      .prepare(
        `INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type, amount_minor, currency, transaction_date, counterparty_name, created_at)
         SELECT value->>'id', ?1, value->>'c', value->>'c', value->>'id', 'bench', value->>'t', value->>'a', 'GHS', value->>'d', value->>'p', ?2 FROM json_each(?3)`,
      )
      .bind(tenantId, now, JSON.stringify(txns.slice(i, i + 1000)))
      .run();
  }
  const calc = await api(service.url, key, "POST", "/v1/bhi/calculate-from-db", {});
  if (calc.status !== 200) throw new Error(`BHI: ${calc.status} ${JSON.stringify(calc.body)}`);
  // Then every other customer misses 12 payments: the refresh below finds them declining.
  const failed = customers
    .filter((_, i) => i % 2 === 0)
    .flatMap((c) =>
      Array.from({ length: 12 }, (_, k) => ({
        id: crypto.randomUUID(),
        c: c.id,
        d: new Date(Date.now() - k * WEEK - 86_400_000).toISOString(),
      })),
    );
  for (let i = 0; i < failed.length; i += 1000) {
    await db
      .prepare(
        `INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type, status, amount_minor, currency, transaction_date, created_at)
         SELECT value->>'id', ?1, value->>'c', value->>'c', value->>'id', 'bench', 'debit', 'failed', 5000, 'GHS', value->>'d', ?2 FROM json_each(?3)`,
      )
      .bind(tenantId, now, JSON.stringify(failed.slice(i, i + 1000)))
      .run();
  }

  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const post = (path, body) => () =>
    fetch(`${service.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const ids = customers.map((c) => c.id);
  console.log(
    `Miniflare, built Worker, ${n} customers (${txns.length} transactions), ${seconds}s per scenario`,
  );
  const scenarios = [
    ["GET /v1/bhi/:customerId (baseline)", () => fetch(`${service.url}/v1/bhi/${ids[1]}`, { headers }), 20],
    ["POST /v1/nba/generate (1 customer)", post("/v1/nba/generate", { customerId: ids[1] }), 20],
    ["POST /v1/nba/batch (100 customers)", post("/v1/nba/batch", { customerIds: ids.slice(0, 100) }), 4],
  ];
  for (const [name, request, concurrency] of scenarios) {
    const r = await load(request, { concurrency, seconds });
    console.log(
      `${name.padEnd(40)} ${r.rps.toFixed(1).padStart(7)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   errors ${r.errors}   (${concurrency} clients)`,
    );
  }

  let t0 = performance.now();
  const refresh = await api(service.url, key, "POST", "/v1/workflows/bhi-refresh/trigger", {});
  const run = await waitForRun(key, refresh.body.runId);
  console.log(
    `bhi-refresh, whole tenant: ${run.status} in ${((performance.now() - t0) / 1000).toFixed(2)} s wall (run duration ${run.duration}); output ${JSON.stringify(run.output)}`,
  );
  const sample = ids.slice(0, 200);
  t0 = performance.now();
  const reportRuns = [];
  for (const customerId of sample.slice(0, 20)) {
    const r = await api(service.url, key, "POST", "/v1/workflows/monthly-reports/trigger", { customerId });
    reportRuns.push(r.body.runId);
  }
  const finished = await Promise.all(reportRuns.map((id) => waitForRun(key, id)));
  console.log(
    `monthly-reports, 20 single-customer runs: ${finished.filter((r) => r.status === "succeeded").length} succeeded in ${((performance.now() - t0) / 1000).toFixed(2)} s wall`,
  );
} finally {
  await service.dispose();
}
