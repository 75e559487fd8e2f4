#!/usr/bin/env node
// GraphQL against REST for the same reads, on the built Worker under Miniflare: 2,000 customers,
// 20,000 transactions on one tenant. Prints req/s and p50/p99 latency per scenario, and the cost
// GraphQL reports for each query. Usage: node bench/graphql.mjs [seconds] [concurrency]
import { seedReadFixtures } from "./lib/read-fixtures.mjs";
import { load, startService } from "./lib/server.mjs";

const seconds = Number(process.argv[2] ?? 5);
const concurrency = Number(process.argv[3] ?? 20);
const service = await startService();
try {
  // The newest customers (first page) get the transactions, so nested lists are not empty.
  const { key, customers } = await seedReadFixtures(service, (customers) => customers.slice(-200));
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
    "GraphQL 50 txns x customer (batched: 1 read)": `{ transactions(customerId: "${one}", limit: 50) { data { amount customer { name } } } }`,
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
