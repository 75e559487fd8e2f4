#!/usr/bin/env node
// Read throughput of the foundation: authenticated list and get requests against the built
// Worker under Miniflare, with 2,000 customers and 20,000 transactions on one tenant.
// Prints req/s and p50/p99 latency per endpoint. Usage: node bench/api-read.mjs [seconds]
import { seedReadFixtures } from "./lib/read-fixtures.mjs";
import { load, startService } from "./lib/server.mjs";

const seconds = Number(process.argv[2] ?? 5);
const service = await startService();
try {
  const { key, customers } = await seedReadFixtures(service);
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
