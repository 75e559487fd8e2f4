#!/usr/bin/env node
// GraphQL against REST for the same reads, on the built Worker under Miniflare: 2,000 customers,
// 20,000 transactions on one tenant. Prints req/s and p50/p99 latency per scenario, and the cost
// GraphQL reports for each query. Usage: node bench/graphql.mjs [seconds] [concurrency]
import { ADMIN_TOKEN, api, load, startService } from "./lib/server.mjs";

const seconds = Number(process.argv[2] ?? 5);
const concurrency = Number(process.argv[3] ?? 20);
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
  // The newest customers (first page) get the transactions, so nested lists are not empty.
  const txns = customers.slice(-200).flatMap((c) =>
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
  const one = customers.at(-1).id;
  const headers = { authorization: `Bearer ${key}` };
  const graphql = (query) => () =>
    fetch(`${service.url}/v1/graphql`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ query }),
    });
  const queries = {
    "GraphQL customer(id) { id name }": `{ customer(id: "${one}") { id name } }`,
    "GraphQL customers(limit: 50) { data { id name } }": "{ customers(limit: 50) { data { id name } } }",
    "GraphQL 20 customers x (10 txns + latestBhi)":
      "{ customers(limit: 20) { data { id transactions(limit: 10) { amount } latestBhi { bhiOverall } } } }",
    "GraphQL 50 txns x customer (memo: 1 lookup)": `{ transactions(customerId: "${one}", limit: 50) { data { amount customer { name } } } }`,
  };
  const scenarios = {
    "REST GET /v1/customers/:id": () => fetch(`${service.url}/v1/customers/${one}`, { headers }),
    "REST GET /v1/customers?limit=50": () => fetch(`${service.url}/v1/customers?limit=50`, { headers }),
    ...Object.fromEntries(Object.entries(queries).map(([name, q]) => [name, graphql(q)])),
  };
  console.log(`Miniflare, built Worker, ${seconds}s per scenario, ${concurrency} concurrent clients`);
  for (const [name, request] of Object.entries(scenarios)) {
    const r = await load(request, { concurrency, seconds });
    const query = queries[name];
    const cost = query ? (await (await graphql(query)()).json()).extensions?.cost : undefined;
    console.log(
      `${name.padEnd(48)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   errors ${r.errors}` +
        (cost ? `   cost: ${cost.loads} lookups, ${cost.nodes} objects` : ""),
    );
  }
} finally {
  await service.dispose();
}
