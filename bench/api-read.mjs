#!/usr/bin/env node
// Read throughput of the foundation: authenticated list and get requests against the built
// Worker under Miniflare, with 2,000 customers and 20,000 transactions on one tenant.
// Prints req/s and p50/p99 latency per endpoint. Usage: node bench/api-read.mjs [seconds]
import { ADMIN_TOKEN, api, load, startService } from "./lib/server.mjs";

const seconds = Number(process.argv[2] ?? 5);
const service = await startService();
try {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", { name: "bench", shard: 0 });
  const tenantId = created.body.tenant.id;
  const key = created.body.apiKey.key;
  // Fixtures straight into the shard: this bench measures reads, not ingestion.
  const db = await service.mf.getD1Database("SHARD_0");
  const now = new Date().toISOString();
  const customers = Array.from({ length: 2000 }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Business ${i}`,
    email: `b${i}@example.com.gh`,
  }));
  for (let i = 0; i < customers.length; i += 500) {
    await db
      .prepare(
        `INSERT INTO customers (id, tenant_id, external_id, external_source, name, email, created_at, updated_at)
         SELECT value->>'id', ?1, value->>'id', 'bench', value->>'name', value->>'email', ?2, ?2 FROM json_each(?3)`,
      )
      .bind(tenantId, now, JSON.stringify(customers.slice(i, i + 500)))
      .run();
  }
  const txns = customers.slice(0, 200).flatMap((c) =>
    Array.from({ length: 100 }, (_, k) => ({
      id: crypto.randomUUID(),
      c: c.id,
      d: new Date(Date.now() - k * 3_600_000).toISOString(),
    })),
  );
  for (let i = 0; i < txns.length; i += 1000) {
    await db
      .prepare(
        `INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type, amount_minor, currency, transaction_date, created_at)
         SELECT value->>'id', ?1, value->>'c', value->>'c', value->>'id', 'bench', 'credit', 10000, 'GHS', value->>'d', ?2 FROM json_each(?3)`,
      )
      .bind(tenantId, now, JSON.stringify(txns.slice(i, i + 1000)))
      .run();
  }
  const headers = { authorization: `Bearer ${key}` };
  const scenarios = {
    "GET /health (no auth, no D1)": () => fetch(`${service.url}/health`),
    "GET /v1/customers?limit=50": () => fetch(`${service.url}/v1/customers?limit=50`, { headers }),
    "GET /v1/customers?search=ness 12": () =>
      fetch(`${service.url}/v1/customers?search=ness%2012`, { headers }),
    "GET /v1/customers/:id": () => fetch(`${service.url}/v1/customers/${customers[7].id}`, { headers }),
    "GET /v1/transactions?customerId&startDate": () =>
      fetch(
        `${service.url}/v1/transactions?customerId=${customers[3].id}&startDate=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`,
        { headers },
      ),
  };
  console.log(`Miniflare, built Worker, ${seconds}s per scenario, 20 concurrent clients`);
  for (const [name, request] of Object.entries(scenarios)) {
    const r = await load(request, { concurrency: 20, seconds });
    console.log(
      `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   errors ${r.errors}`,
    );
  }
} finally {
  await service.dispose();
}
