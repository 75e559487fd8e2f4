#!/usr/bin/env node
// Bulk ingestion: 100,000 transactions posted in 1,000-record JSON requests to the built
// Worker under Miniflare (after 1,000 customers and 1,000 accounts, also through the API).
// Prints records/s, request latency and the D1 queries each request sent (the Worker's
// `x-d1-queries` header, reported outside production).
// Usage: node bench/ingest.mjs [transactions=100000] [concurrency=2]
import { ADMIN_TOKEN, api, startService } from "./lib/server.mjs";

const total = Number(process.argv[2] ?? 100_000);
const concurrency = Number(process.argv[3] ?? 2);
const BATCH = 1000;

const service = await startService();
try {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", {
    name: "ingest bench",
    shard: 0,
  });
  const key = created.body.apiKey.key;

  const post = async (resource, records) => {
    const t0 = performance.now();
    const res = await api(service.url, key, "POST", `/v1/ingest/${resource}`, records);
    const ms = performance.now() - t0;
    if (res.status !== 200 || res.body.errors.length) {
      throw new Error(`${resource}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
    return { ms, queries: Number(res.headers.get("x-d1-queries") ?? Number.NaN) };
  };

  const customers = Array.from({ length: 1000 }, (_, i) => ({
    externalId: `C${i}`,
    externalSource: "bench",
    name: `Business ${i}`,
    email: `b${i}@example.com`,
    tags: ["sme"],
  }));
  const accounts = customers.map((c, i) => ({
    externalId: `A${i}`,
    externalSource: "bench",
    customerExternalId: c.externalId,
    currency: "GHS",
    currentBalance: "5000.00",
  }));
  await post("customers", customers);
  await post("accounts", accounts);

  const start = Date.UTC(2025, 0, 1);
  const transaction = (i) => ({
    externalId: `T${i}`,
    externalSource: "bench",
    accountExternalId: `A${i % 1000}`,
    type: i % 3 === 0 ? "debit" : "credit",
    amount: `${(i % 5000) + 1}.${String(i % 100).padStart(2, "0")}`,
    currency: "GHS",
    transactionDate: new Date(start + i * 300_000).toISOString(),
    category: i % 3 === 0 ? "supplies" : "sales",
    description: `Invoice ${i}`,
    channel: i % 2 ? "mobile_money" : "cash",
    counterpartyName: `Counterparty ${i % 250}`,
  });

  const batches = Math.ceil(total / BATCH);
  const results = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batches) {
        const b = next++;
        const records = Array.from({ length: Math.min(BATCH, total - b * BATCH) }, (_, k) =>
          transaction(b * BATCH + k),
        );
        results.push(await post("transactions", records));
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;

  // The same first 10 batches again: nothing changes, every record is reported written.
  const repeat = [];
  const r0 = performance.now();
  for (let b = 0; b < Math.min(10, batches); b++) {
    repeat.push(
      await post(
        "transactions",
        Array.from({ length: BATCH }, (_, k) => transaction(b * BATCH + k)),
      ),
    );
  }
  const repeatSeconds = (performance.now() - r0) / 1000;

  const stats = (rows, field) => {
    const v = rows.map((r) => r[field]).sort((a, b) => a - b);
    const pct = (p) => v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];
    return { min: v[0], p50: pct(50), p99: pct(99), max: v[v.length - 1] };
  };
  const lat = stats(results, "ms");
  const q = stats(results, "queries");
  console.log(
    `Miniflare, built Worker: ${total} transactions in ${batches} requests of ${BATCH}, ${concurrency} concurrent clients`,
  );
  console.log(
    `  new records       ${(total / seconds).toFixed(0).padStart(7)} records/s  (${seconds.toFixed(1)} s)`,
  );
  console.log(
    `  request latency   p50 ${lat.p50.toFixed(0)} ms   p99 ${lat.p99.toFixed(0)} ms   max ${lat.max.toFixed(0)} ms`,
  );
  console.log(`  D1 queries/request  min ${q.min}  p50 ${q.p50}  max ${q.max}  (limit 20)`);
  console.log(
    `  re-ingest (unchanged) ${((repeat.length * BATCH) / repeatSeconds).toFixed(0).padStart(7)} records/s  D1 queries/request max ${stats(repeat, "queries").max}`,
  );
} finally {
  await service.dispose();
}
