#!/usr/bin/env node

import { benchState, seedCustomersWithAccounts, seededTenant, seedRows, seqUuid } from "./lib/seeded.mjs";
import { api, load, startService } from "./lib/server.mjs";

const state = benchState("sme-benchmarks");
const CUSTOMERS = Number(process.env.SME_BENCH_CUSTOMERS ?? 100_000);
const PER_CUSTOMER = 20;
const TRANSACTIONS = CUSTOMERS * PER_CUSTOMER;
const CHUNK = 100_000;

const uuid = seqUuid;

async function seed(mf, tenantId) {
  const db = await mf.getD1Database("SHARD_0");
  const t0 = performance.now();
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  await seedCustomersWithAccounts(db, tenantId, { total: CUSTOMERS, name: "Bench SME ", balance: "100000" });
  // Per customer: 20 transactions over the last 89 days, 40-79% credits, payers among
  // 1-12 names, amounts varying by customer so cohorts and metrics spread.
  await seedRows(
    db,
    tenantId,
    { total: TRANSACTIONS, chunk: CHUNK, label: "transactions" },
    `
         INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type,
           amount_minor, currency, status, transaction_date, counterparty_name, created_at)
         SELECT ${uuid("10000000", "i")}, ?1, ${uuid("00000000", `i % ${CUSTOMERS}`)}, ${uuid("20000000", `i % ${CUSTOMERS}`)},
           'txn-' || i, 'bench',
           CASE WHEN ((i / ${CUSTOMERS}) * 7 + (i % ${CUSTOMERS}) * 13) % 100 < 40 + (i % ${CUSTOMERS}) % 40
             THEN 'credit' ELSE 'debit' END,
           1000 + (i * 2654435761 + (i / ${CUSTOMERS}) * 40503) % (5000 + (i % ${CUSTOMERS}) % 997 * 1000), 'GHS', 'completed',
           strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d minutes', (i * 37 + (i % ${CUSTOMERS}) * 11) % (89 * 1440))),
           'Payer ' || ((i / ${CUSTOMERS}) % (1 + (i % ${CUSTOMERS}) % 12)),
           ${now}
         FROM seq`,
  );
  return (performance.now() - t0) / 1000;
}

/** One retry: after a response of ~20 s the client's pooled connection is sometimes already closed. */
async function timed(fn) {
  for (let attempt = 0; ; attempt++) {
    const t0 = performance.now();
    try {
      const r = await fn();
      return { ...r, seconds: (performance.now() - t0) / 1000 };
    } catch (err) {
      if (attempt > 0) throw err;
      await new Promise((res) => setTimeout(res, 500));
    }
  }
}

console.log("building the Worker and starting Miniflare ...");
const service = await startService({ persistTo: state });
const { mf, url } = service;
try {
  const tenant = await seededTenant(
    url,
    state,
    { name: "SME bench", shard: 0 },
    `${CUSTOMERS.toLocaleString()} customers, ${TRANSACTIONS.toLocaleString()} transactions`,
    (tenantId) => seed(mf, tenantId),
  );
  // A window no earlier run used, so the first call really computes a snapshot.
  let windowDays;
  let first;
  for (;;) {
    windowDays = 60 + Math.floor(Math.random() * 300);
    const startedAt = new Date().toISOString();
    first = await timed(() =>
      api(url, tenant.key, "GET", `/v1/sme-health/benchmarks?windowDays=${windowDays}`),
    );
    if (first.status !== 200 || first.body.computedAt >= startedAt) break;
  }
  if (first.status !== 200)
    throw new Error(`benchmarks: ${first.status} ${JSON.stringify(first.body).slice(0, 500)}`);
  const all = first.body.cohorts.find((c) => c.cohortId === "all");
  console.log(
    `benchmarks, first call (computes the snapshot, windowDays ${windowDays}): ${first.seconds.toFixed(2)} s, ` +
      `${all.sampleSize.toLocaleString()} active customers, cohort sizes ${first.body.cohorts.map((c) => `${c.cohortId}=${c.sampleSize}`).join(" ")}`,
  );
  const second = await timed(() =>
    api(url, tenant.key, "GET", `/v1/sme-health/benchmarks?windowDays=${windowDays}`),
  );
  console.log(`benchmarks, second call (stored snapshot): ${(second.seconds * 1000).toFixed(1)} ms`);

  const customerId = `00000000-0000-4000-8000-${String(Math.floor(CUSTOMERS / 2)).padStart(12, "0")}`;
  const calc = await timed(() =>
    api(url, tenant.key, "POST", "/v1/sme-health/calculate", { customerId, windowDays }),
  );
  console.log(
    `calculate one customer: ${(calc.seconds * 1000).toFixed(1)} ms (status ${calc.status}, overall ${calc.body.health?.overallScore}, percentile ${calc.body.cohort?.overallPercentile})`,
  );
  const stats = await load(
    () =>
      fetch(
        `${url}/v1/sme-health/00000000-0000-4000-8000-${String(Math.floor(Math.random() * CUSTOMERS)).padStart(12, "0")}?windowDays=${windowDays}`,
        { headers: { authorization: `Bearer ${tenant.key}` } },
      ),
    { concurrency: 10, seconds: 5 },
  );
  console.log(`GET /v1/sme-health/{customerId} (computed on demand) under load: ${JSON.stringify(stats)}`);
  const baseline = await load(
    () =>
      fetch(
        `${url}/v1/customers/00000000-0000-4000-8000-${String(Math.floor(Math.random() * CUSTOMERS)).padStart(12, "0")}`,
        { headers: { authorization: `Bearer ${tenant.key}` } },
      ),
    { concurrency: 10, seconds: 5 },
  );
  console.log(`baseline GET /v1/customers/{customerId} under the same load: ${JSON.stringify(baseline)}`);
} finally {
  await service.dispose().catch(() => {});
}
