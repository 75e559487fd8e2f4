#!/usr/bin/env node
// List cost against data size (issue 17, docs/decisions/pagination.md): GET /v1/customers on
// the built Worker under Miniflare, one tenant with `big` customers and one with `small`, 20
// concurrent clients. Prints req/s and p50/p99 for the first page of each tenant, page 1,800 by
// cursor and offset=90000 on the big one (both scaled down with `big`), and the cursor page's
// ratio to the small tenant's first page. Customers are generated inside SQLite (the count
// triggers of migration 0033 run as for any insert); state is kept under bench/.data/lists.
// Usage: node bench/lists.mjs [big=100000] [small=2000] [seconds=5] [--fresh]
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { benchState, seededTenant, seedRows, seqUuid } from "./lib/seeded.mjs";
import { api, load, startService } from "./lib/server.mjs";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const big = Number(args[0] ?? 100_000);
const small = Number(args[1] ?? 2_000);
const seconds = Number(args[2] ?? 5);
const LIMIT = 50;

const state = benchState(`lists-${big}-${small}`);
const service = await startService({ persistTo: state });

/** `count` customers, one a minute from 2025-01-01, generated in SQLite. */
async function seedCustomers(tenantId, count, prefix) {
  const t0 = performance.now();
  const db = await service.mf.getD1Database("SHARD_0");
  const at = `strftime('%Y-%m-%dT%H:%M:%SZ', 1735689600 + i * 60, 'unixepoch')`;
  await seedRows(
    db,
    tenantId,
    { total: count, chunk: 50_000, label: "customers" },
    `INSERT INTO customers (id, tenant_id, external_id, external_source, type, name, email, status, tags,
       business_info, created_at, updated_at)
     SELECT ${seqUuid(prefix, "i")}, ?1, 'cus-' || i, 'bench', 'business', 'Bench Customer ' || i,
       'c' || i || '@example.com', 'active', '[]', '{}', ${at}, ${at} FROM seq`,
  );
  return (performance.now() - t0) / 1000;
}

const tenantIn = (name, count, prefix) => {
  const dir = join(state, name);
  mkdirSync(dir, { recursive: true });
  return seededTenant(
    service.url,
    dir,
    { name: `lists bench ${name}`, shard: 0 },
    `${count} customers`,
    (id) => seedCustomers(id, count, prefix),
  );
};

try {
  const smallTenant = await tenantIn("small", small, "5a11");
  const bigTenant = await tenantIn("big", big, "b160");
  const get = (tenant, query) => () =>
    fetch(`${service.url}/v1/customers?${query}`, { headers: { authorization: `Bearer ${tenant.key}` } });

  // Page 1,800 (rows 89,950..89,999 of 100,000) by cursor: the cursor page 1,799 hands out.
  const cursorPage = Math.min(1800, Math.floor(big / LIMIT));
  const before = await api(
    service.url,
    bigTenant.key,
    "GET",
    `/v1/customers?limit=${LIMIT}&offset=${(cursorPage - 2) * LIMIT}`,
  );
  const cursor = before.body.pagination.nextCursor;
  if (!cursor)
    throw new Error(`no cursor for page ${cursorPage}: ${JSON.stringify(before.body).slice(0, 300)}`);
  const deepOffset = Math.min(90_000, big - LIMIT);

  const scenarios = [
    [`first page, ${small.toLocaleString()} customers`, get(smallTenant, `limit=${LIMIT}`)],
    [`first page, ${big.toLocaleString()} customers`, get(bigTenant, `limit=${LIMIT}`)],
    [
      `page ${cursorPage} by cursor, ${big.toLocaleString()}`,
      get(bigTenant, `limit=${LIMIT}&cursor=${cursor}`),
    ],
    [`offset=${deepOffset}, ${big.toLocaleString()}`, get(bigTenant, `limit=${LIMIT}&offset=${deepOffset}`)],
  ];
  console.log(`Miniflare, built Worker, GET /v1/customers?limit=${LIMIT}, ${seconds}s each, 20 clients`);
  const results = [];
  for (const [name, request] of scenarios) {
    const r = await load(request, { concurrency: 20, seconds });
    results.push(r);
    console.log(
      `${name.padEnd(36)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   errors ${r.errors}`,
    );
  }
  const base = results[0].rps;
  console.log(
    `vs the small first page: big first page ${((results[1].rps / base) * 100).toFixed(0)}%, cursor page ${((results[2].rps / base) * 100).toFixed(0)}%, offset ${((results[3].rps / base) * 100).toFixed(0)}% (goal: cursor pages >= 80%)`,
  );
} finally {
  await service.dispose();
}
